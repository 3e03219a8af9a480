import pytest

from memory_pipeline.gate.packing import CONTEXT_MARKER, TARGET_MARKER, Message, pack_turn, pack_turns
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


def test_layout_is_markers_context_and_target_between_the_special_tokens():
    """Token for token, from the tokenizer alone: [CLS] [CONTEXT] S2: ... [TARGET] S1: ... [SEP]."""
    tokenizer = packaged_tokenizer()
    packed = pack_turn(tokenizer, TARGET, CONTEXT, k=1, max_length=512)

    def ids(text):
        return tokenizer(text, add_special_tokens=False)["input_ids"]

    context_ids = ids(CONTEXT_MARKER) + ids("S2: Amazing, we hiked every day. [image: a photo of mountains]")
    target_ids = ids(f"{TARGET_MARKER} S1: {TARGET.text}")
    assert packed.input_ids == [tokenizer.cls_token_id, *context_ids, *target_ids, tokenizer.sep_token_id]
    assert packed.target_mask == [0] * (1 + len(context_ids)) + [1] * len(target_ids) + [0]


def varied_turns():
    """Targets and contexts covering every packing rule, mixed so neighbours in a batch differ."""
    filler = [Message(f"P{i % 4}", f"filler sentence number {i} about nothing much.") for i in range(120)]
    return [
        (TARGET, CONTEXT),
        (TARGET, []),
        (Message("Ann", ""), CONTEXT),
        (Message("Ann", "Look at this!", image_caption="a cat  on a\tsofa"), CONTEXT),
        (Message("Caroline", "word " * 1000), CONTEXT),
        (Message("Dee", "Who is coming tonight?"), filler),
        (Message("P3", "Me, and I bring the cake."), filler[-6:]),
        (Message("Eve", "Fine."), [Message("Fay", "Hi"), Message("Gus", "Hello"), Message("Hal", "Hey there")]),
    ]


def test_batch_packing_equals_packing_turn_by_turn():
    tokenizer = packaged_tokenizer()
    targets, contexts = zip(*varied_turns())
    for k in (0, 1, 3, 5, 50):
        for max_length in (24, 64, 512):
            batched = pack_turns(tokenizer, targets, contexts, k, max_length)
            one_by_one = [pack_turn(tokenizer, t, c, k, max_length) for t, c in zip(targets, contexts)]
            assert batched == one_by_one, (k, max_length)
            assert all(len(item) <= max_length for item in batched)


def test_no_turns_pack_to_nothing():
    assert pack_turns(packaged_tokenizer(), [], [], k=3, max_length=64) == []


def test_each_layout_renders_chat_spellings_its_own_way():
    from memory_pipeline.gate.packing import AS_TYPED, WRITTEN_OUT

    tokenizer = packaged_tokenizer()
    target, context = Message("a", "im scared of heights tho"), [Message("b", "u ok?")]
    as_typed = decoded(tokenizer, pack_turn(tokenizer, target, context, k=1, max_length=512, layout=AS_TYPED))
    spelled = decoded(tokenizer, pack_turn(tokenizer, target, context, k=1, max_length=512, layout=WRITTEN_OUT))
    assert as_typed.endswith("s2 : u ok? [ target ] s1 : im scared of heights tho")
    assert spelled.endswith("s2 : you ok? [ target ] s1 : i ' m scared of heights though")


def test_an_unknown_layout_is_refused_by_name():
    from memory_pipeline.gate.packing import LAYOUTS

    with pytest.raises(ValueError, match="ctx-target-v9") as raised:
        pack_turns(packaged_tokenizer(), [TARGET], [CONTEXT], k=1, max_length=64, layout="ctx-target-v9")
    assert all(layout in str(raised.value) for layout in LAYOUTS)
