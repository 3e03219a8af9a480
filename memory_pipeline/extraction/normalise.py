"""First-person normalisation and default subjects (seed 000, A.3 "span construction and realization").

Memory text is read later, out of its conversation, so "I" must become the speaker: tokens are rewritten one by
one ("I" -> the speaker's name, "my" -> "<name>'s", "am" -> "is", "want" -> "wants"), keeping every other word
of the source. A span that starts with a verb gets its subject back; a request becomes "<name> asks to ..."; a
question "<name> asks: ..."; and a span that still does not say whose statement it is becomes
"<name> noted: ...". When no speaker name is known the name is "User", as in the paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.parsing import ParsedDoc

DEFAULT_SPEAKER = "User"
REQUEST_OPENERS = (("can", "you"), ("could", "you"), ("would", "you"), ("will", "you"), ("can", "u"))
SKIPPABLE_ADVERBS = frozenset({"really", "also", "just", "never", "always", "still", "totally", "actually", "finally", "even", "recently", "already", "definitely", "kinda", "often", "usually", "sometimes"})
CONTRACTIONS_AFTER_I = {"'m": " is", "’m": " is", "'ve": " has", "’ve": " has", "'ll": " will", "’ll": " will"}
IRREGULAR_3SG = {"am": "is", "have": "has", "do": "does", "are": "is", "be": "is"}


def third_person(verb: str) -> str:
    """Present-tense third-person singular of a verb form used with "I" ("go" -> "goes", "try" -> "tries")."""
    lower = verb.lower()
    if lower in IRREGULAR_3SG:
        out = IRREGULAR_3SG[lower]
    elif lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        out = lower + "es"
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        out = lower[:-1] + "ies"
    else:
        out = lower + "s"
    return out.capitalize() if verb[:1].isupper() else out


@dataclass(frozen=True)
class Speaker:
    name: str

    @classmethod
    def of(cls, name: str | None) -> "Speaker":
        cleaned = (name or "").strip()
        return cls(cleaned if cleaned else DEFAULT_SPEAKER)

    @property
    def possessive(self) -> str:
        return self.name + ("'" if self.name.endswith("s") else "'s")


def rewrite_range(doc: ParsedDoc, start: int, end: int, speaker: Speaker) -> str:
    """Source text of tokens ``start..end-1`` with first-person singular forms attributed to ``speaker``."""
    parts: list[str] = []
    after_i = False  # the next verb agrees with the speaker, not with "I"
    for k in range(start, end):
        token = doc.tokens[k]
        text, lower = token.text, token.lower.replace("’", "'")
        space = token.space if k < end - 1 else ""
        if lower == "i":
            parts.append(speaker.name + space)
            after_i = True
            continue
        if after_i:
            if lower in CONTRACTIONS_AFTER_I or lower == "'d":
                nxt = doc.tokens[k + 1] if k + 1 < len(doc.tokens) else None
                expansion = " had" if lower == "'d" and nxt is not None and nxt.tag == "VBN" else CONTRACTIONS_AFTER_I.get(lower, " would")
                parts.append(expansion + space)
                after_i = False
                continue
            if token.tag == "VBP" or (token.pos in ("VERB", "AUX") and lower in IRREGULAR_3SG):
                parts.append(third_person(text) + space)
                after_i = False
                continue
            if token.pos in ("VERB", "AUX") or (lower not in SKIPPABLE_ADVERBS and token.pos != "ADV"):
                after_i = False
        if lower == "me":
            parts.append(speaker.name + space)
        elif lower in ("my", "mine"):
            parts.append(speaker.possessive + space)
        elif lower == "myself":
            parts.append("themself" + space)
        else:
            parts.append(text + space)
    return "".join(parts).strip()


def mentions_speaker(text: str, speaker: Speaker) -> bool:
    return speaker.name.lower() in text.lower()


def request_start(doc: ParsedDoc, start: int, end: int) -> int | None:
    """Token where the requested action starts, when tokens ``start..end`` are a request addressed to the listener."""
    words = [t for t in doc.tokens[start:end] if t.pos != "PUNCT"]
    if not words:
        return None
    lowers = [t.lower for t in words]
    offset = 1 if lowers[0] == "please" else 0
    if tuple(lowers[offset : offset + 2]) in REQUEST_OPENERS:
        rest = [t for t in words[offset + 2 :] if t.lower != "please"]
        if rest and rest[0].tag == "VB":
            return rest[0].i
    if lowers[offset : offset + 2] == ["let", "'s"] or lowers[offset : offset + 1] == ["lets"]:
        rest = words[offset + (2 if lowers[offset] == "let" else 1) :]
        return rest[0].i if rest else None
    first = words[offset]
    if first.tag == "VB" and first.pos == "VERB" and first.lower == first.lemma and not any(a.label in ("nsubj", "ACT-arg") for a in doc.children(first.i)):
        return first.i
    return None


def is_question(doc: ParsedDoc, start: int, end: int) -> bool:
    sent = doc.tokens[start].sent
    s_start, s_end = doc.sentences[sent]
    return doc.tokens[s_end - 1].text == "?" or (end < len(doc.tokens) and doc.tokens[end - 1].text == "?")


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def attribute(text: str, speaker: Speaker, *, question: bool = False) -> str:
    """Make a realised span say whose it is, without inventing content."""
    if question:
        return f"{speaker.name} asks: {text.rstrip('?')}?"
    if mentions_speaker(text, speaker):
        return capitalise(text)
    lead = text.split(" ", 1)[0]
    if lead and lead[0].isupper() and lead not in ("It", "This", "That", "The", "There", "We", "They", "He", "She", "You", "Our", "A", "An", "So"):
        return f"{speaker.name} noted: {text}"
    return f"{speaker.name} noted: {text[:1].lower() + text[1:]}"
