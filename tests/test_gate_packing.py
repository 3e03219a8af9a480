from memory_pipeline.gate.packing import CONTEXT_MARKER, TARGET_MARKER, Message, pack_turn
from tests.test_gate_helpers import packaged_tokenizer

CONTEXT = [
    Message("Caroline", "Hey, long time no see!"),
    Message("Melanie", "I know! How was the trip to Spain?"),
    Message("Caroline", "Amazing, we hiked every day.", image_caption="a photo of mountains"),
]
TARGET = Message("Melanie", "I started a new job as a nurse at the children's hospital last week.")


def marker(tokenizer, text):
    """How a marker reads after a round trip through the tokenizer ("[ context ]" for uncased BERT)."""
    return tokenizer.decode(tokenizer(text, add_special_tokens=False)["input_ids"])


def decoded(tokenizer, packed, only_target=False):
    ids = [t for t, m in zip(packed.input_ids, packed.target_mask) if m or not only_target]
    return tokenizer.decode(ids, skip_special_tokens=True)


def test_markers_and_anonymous_speakers():
    tokenizer = packaged_tokenizer()
    packed = pack_turn(tokenizer, TARGET, CONTEXT, k=3, max_length=512)
    text = decoded(tokenizer, packed)
    assert text.index(marker(tokenizer, CONTEXT_MARKER)) < text.index(marker(tokenizer, TARGET_MARKER))
    assert "caroline" not in text and "melanie" not in text
    # The target speaker is always S1; the other speaker S2, in context as in the target line.
    assert decoded(tokenizer, packed, only_target=True).startswith(f"{marker(tokenizer, TARGET_MARKER)} s1 :")
    assert "s2 : amazing" in text and "s1 : i know" in text
    assert "[ image : a photo of mountains ]" in text
    assert packed.input_ids[0] == tokenizer.cls_token_id and packed.input_ids[-1] == tokenizer.sep_token_id


def test_only_the_last_k_messages_are_context():
    tokenizer = packaged_tokenizer()
    text = decoded(tokenizer, pack_turn(tokenizer, TARGET, CONTEXT, k=1, max_length=512))
    assert "amazing" in text and "spain" not in text
    no_context = decoded(tokenizer, pack_turn(tokenizer, TARGET, CONTEXT, k=0, max_length=512))
    assert no_context.startswith(f"{marker(tokenizer, CONTEXT_MARKER)} {marker(tokenizer, TARGET_MARKER)}")


def test_left_truncation_keeps_the_target_and_the_nearest_context():
    tokenizer = packaged_tokenizer()
    long_context = [Message("Caroline", f"filler sentence number {i} about nothing much.") for i in range(200)]
    long_context.append(Message("Caroline", "What do you do for work?"))
    packed = pack_turn(tokenizer, TARGET, long_context, k=5, max_length=64)
    assert len(packed) == 64
    assert decoded(tokenizer, packed, only_target=True).endswith("hospital last week.")
    text = decoded(tokenizer, packed)
    assert text.startswith(marker(tokenizer, CONTEXT_MARKER))  # the marker survives, the oldest context does not
    assert "what do you do for work?" in text and "number 195" not in text


def test_an_overlong_target_is_cut_but_both_markers_survive():
    tokenizer = packaged_tokenizer()
    huge = Message("Caroline", "word " * 1000)
    packed = pack_turn(tokenizer, huge, CONTEXT, k=1, max_length=128)
    assert len(packed) == 128 and sum(packed.target_mask) > 100
    text = decoded(tokenizer, packed)
    assert marker(tokenizer, CONTEXT_MARKER) in text and marker(tokenizer, TARGET_MARKER) in text
