"""The affect anchor of a unit from lexicons (seed 002): VADER for valence, an NRC-style word -> emotion table for
which emotion. No model, no download.

The emotion table is the NRC Emotion Lexicon of the ``nrclex`` package, read in token mode (no TextBlob corpora),
when that package is installed (the ``affect`` extra); otherwise a small table of our own with the same eight
emotions. Only words that VADER also scores as clearly affective count, so a neutral noun that NRC happens to
associate with an emotion ("money", "school") does not make a unit emotional.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from memory_pipeline.units.records import UNKNOWN

# Reported in this order of preference when two emotions are equally supported: the basic emotions first.
EMOTIONS = ("joy", "sadness", "fear", "anger", "surprise", "disgust", "trust", "anticipation")
MIN_WORD_VALENCE = 1.0  # VADER's word scale runs -4..4; below this a word is not clearly affective
MIN_COMPOUND = 0.5  # with no emotion word, a valence this strong still says "positive" / "negative"
NEGATORS = frozenset({"not", "n't", "never", "no", "hardly", "barely"})
STATE_VERBS = frozenset({"feel", "feels", "felt", "feeling", "getting", "been", "being", "got"})
TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")

# Our own small table (used without nrclex): common feeling words of personal conversation. A word may carry
# several emotions ("excited": joy and anticipation), as in NRC.
_SMALL_EMOTION_WORDS = {
    "joy": "happy happier happiest glad joy joyful delighted excited thrilled cheerful fun enjoy enjoyed enjoying love "
           "loved loving awesome amazing wonderful great fantastic blessed grateful thankful proud celebrate "
           "celebrated laugh laughed smile smiled pleased elated ecstatic content relaxed relieved relief peaceful",
    "sadness": "sad sadder unhappy depressed down lonely heartbroken miss missed missing grief grieving cry cried "
               "crying tears upset disappointed hurt loss lost sorrow gloomy miserable devastated",
    "fear": "afraid scared fear feared frightened terrified anxious anxiety nervous worried worry worrying panic "
            "stressed stress stressful overwhelmed insecure uneasy tense dread",
    "anger": "angry anger mad furious annoyed annoying frustrated frustrating irritated hate hated outraged bitter "
             "resent resentful",
    "surprise": "surprised surprise shocked shocking amazed astonished unexpected wow",
    "disgust": "disgusted disgusting gross awful horrible terrible nasty",
    "trust": "trust trusted support supported supportive safe secure confident reliable loyal faith believe",
    "anticipation": "hope hopeful hoping eager looking forward anticipate excited motivated inspired determined",
}
SMALL_EMOTION_TABLE: dict[str, tuple[str, ...]] = {}
for _emotion, _words in _SMALL_EMOTION_WORDS.items():
    for _word in _words.split():
        SMALL_EMOTION_TABLE[_word] = (*SMALL_EMOTION_TABLE.get(_word, ()), _emotion)
# Feeling words of British English and chat that VADER (and NRC) do not know, with a valence on VADER's -4..4 word
# scale and their emotions: "pretty gutted" had scored positive, from "pretty" alone. Words with another common
# sense ("pumped" tyres, a "buzzing" phone, "ace", "lush") are left out.
CHAT_FEELINGS: dict[str, tuple[float, tuple[str, ...]]] = {
    "gutted": (-2.3, ("sadness",)), "gutting": (-2.0, ("sadness",)), "bummed": (-1.9, ("sadness",)),
    "rubbish": (-1.8, ("disgust",)), "naff": (-1.2, ("disgust",)), "knackered": (-1.6, ("sadness",)),
    "skint": (-1.2, ("sadness",)), "miffed": (-1.5, ("anger",)), "peeved": (-1.6, ("anger",)),
    "chuffed": (2.2, ("joy",)), "stoked": (2.3, ("joy", "anticipation")), "psyched": (2.0, ("joy", "anticipation")),
    "hyped": (1.9, ("joy", "anticipation")),
}
# Idioms no word of which says the feeling: matched on the text, counted as one affective word each.
AFFECT_PHRASES: dict[str, tuple[str, ...]] = {
    "over the moon": ("joy",), "on cloud nine": ("joy",), "what a relief": ("joy",), "made my day": ("joy",),
    "fed up": ("anger",), "pissed off": ("anger",), "freaking out": ("fear",), "on edge": ("fear",),
    "broke my heart": ("sadness",), "down in the dumps": ("sadness",), "such a relief": ("joy",),
    "a huge relief": ("joy",), "freaked me out": ("fear",), "freaked out": ("fear",), "feeling low": ("sadness",),
    "felt low": ("sadness",), "feel low": ("sadness",),
}
# A measure that moved ("my cholesterol is down to 5.4", "rent went up by £50"): "down" and "up" tell no mood there.
MEASURE_MOVED = re.compile(r"\b(?:down|up)(?=\s+(?:to|by|from)\s+[£$€]?\d)", re.I)
# Words that only say how much, dropped before the idioms are looked for.
INTENSIFIERS = re.compile(r"\b(?:so|really|very|pretty|quite|super|kinda|totally|a bit|a little)\s+")
# Endings of inflected forms the emotion table may know only as a base ("dreading", "worries", "panicked").
INFLECTIONS = ("ing", "ed", "es", "s")
STATE = re.compile(
    r"\b(?:is|was|are|were|feels?|felt|feeling|been|getting|got|seems?)\s+(?:so\s+|really\s+|very\s+|super\s+|"
    r"a bit\s+|kinda\s+|pretty\s+|too\s+|quite\s+|extremely\s+|totally\s+)*([a-z]+)",
    re.I,
)


@dataclass(frozen=True)
class Affect:
    emotion_or_state: str  # "joy: excited, proud", "positive", or "unknown"
    valence: float  # VADER compound, -1..1


EmotionLookup = Callable[[list[str]], Mapping[str, tuple[str, ...]]]


@dataclass
class AffectAnalyser:
    """VADER plus an emotion table; built once by the caller (:meth:`load`) and reused for every unit."""

    sentiment: object  # vaderSentiment's SentimentIntensityAnalyzer
    emotions_of: EmotionLookup  # tokens -> {token: emotions} for the tokens the table knows
    lexicon: str  # "nrc" (nrclex's table, token mode) or "nrc-style" (our small table)

    @classmethod
    def load(cls, use_nrclex: bool = True) -> AffectAnalyser:
        from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

        lookup = nrclex_lookup() if use_nrclex else None
        sentiment = SentimentIntensityAnalyzer()
        # the analyser's own copy of the lexicon: other users of VADER in the process are not changed
        sentiment.lexicon.update({word: valence for word, (valence, _) in CHAT_FEELINGS.items()})
        if lookup is not None:
            return cls(sentiment, with_chat_feelings(lookup), "nrc")
        return cls(sentiment, with_chat_feelings(small_table_lookup), "nrc-style")

    def analyse(self, text: str, names: Iterable[str] = ()) -> Affect:
        """The emotion or state ``text`` expresses, and its valence; participant ``names`` are not words of it."""
        skip = {n.lower() for name in names for n in name.split()}
        text = MEASURE_MOVED.sub("", text or "")
        tokens = [t for t in TOKEN.findall(text.lower()) if t not in skip]
        table = with_bases(tokens, self.emotions_of)
        words = self._emotion_words(tokens, table)
        valence = float(self.sentiment.polarity_scores(text)["compound"])
        lowered = INTENSIFIERS.sub("", text.lower())  # "feeling pretty low" is "feeling low"
        phrases = [p for p in AFFECT_PHRASES if re.search(rf"\b{re.escape(p)}\b", lowered) and not set(p.split()) & set(words)]
        table = {**table, **{phrase: AFFECT_PHRASES[phrase] for phrase in phrases}}
        words = words + phrases
        counts = Counter(e for w in words for e in table[w] if e in EMOTIONS)
        if counts:
            return Affect(emotion_label(words, table, counts), valence)
        if abs(valence) >= MIN_COMPOUND:
            return Affect("positive" if valence > 0 else "negative", valence)
        return Affect(UNKNOWN, valence)

    def _emotion_words(self, tokens: list[str], table: Mapping[str, tuple[str, ...]]) -> list[str]:
        """Affective words of the tokens, once each, in order; a negated word ("not happy") does not count."""
        lexicon = self.sentiment.lexicon
        named_states = state_words(tokens)
        found: list[str] = []
        for n, token in enumerate(tokens):
            if token in found or token not in table:
                continue
            strength = max((abs(lexicon.get(form, 0.0)) for form in (token, *base_forms(token))), default=0.0)
            if strength < MIN_WORD_VALENCE and token not in named_states:
                continue
            if any(t in NEGATORS or t.endswith("n't") for t in tokens[max(0, n - 2) : n]):
                continue
            found.append(token)
        return found


def base_forms(token: str) -> list[str]:
    """The bases an inflected ``token`` may have: "dreading" -> dread, dreade; "worries" -> worri, worry;
    "panicked" -> panick, panic; "stopping" -> stopp, stop."""
    out = []
    for ending in INFLECTIONS:
        if token.endswith(ending) and len(token) > len(ending) + 2:
            stem = token[: -len(ending)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # a doubled last consonant
            if stem.endswith("i"):
                out.append(stem[:-1] + "y")
            if stem.endswith("k"):
                out.append(stem[:-1])  # "panicked"
    return out


def with_bases(tokens: list[str], lookup: EmotionLookup) -> dict[str, tuple[str, ...]]:
    """The emotions of ``tokens``, a token the table does not know taking those of its base ("dreading" those of
    "dread"), under the token as said."""
    bases = {t: base_forms(t) for t in tokens}
    known = dict(lookup(list(dict.fromkeys([*tokens, *(b for forms in bases.values() for b in forms)]))))
    table = {t: known[t] for t in tokens if t in known}
    for token, forms in bases.items():
        if token not in table:
            base = next((b for b in forms if b in known), None)
            if base is not None:
                table[token] = known[base]
    return table


def emotion_label(words: list[str], table: Mapping[str, tuple[str, ...]], counts: Counter) -> str:
    """"<emotion>: <its words>" for the best supported emotion, then "; also <emotion>: <words>" for the
    feeling the other words carry ("excited but also nervous": joy and fear), so a mixed feeling stays mixed
    and no word is listed under an emotion it does not carry."""
    best = _most_supported(counts)
    own = [w for w in words if best in table[w]]
    label = f"{best}: {', '.join(own[:3])}"
    rest = [w for w in words if best not in table[w]]
    if rest:
        other = _most_supported(Counter(e for w in rest for e in table[w] if e in EMOTIONS))
        if other is not None:
            label += f"; also {other}: {', '.join([w for w in rest if other in table[w]][:3])}"
    return label


def _most_supported(counts: Counter) -> str | None:
    if not counts:
        return None
    return max(EMOTIONS, key=lambda e: (counts[e], -EMOTIONS.index(e)))


def state_words(tokens: list[str]) -> set[str]:
    """Words in a "<is|feels|...> (so) X" frame: a state the speaker names even if VADER does not score X."""
    return {m.group(1).lower() for m in STATE.finditer(" ".join(tokens))} - STATE_VERBS


def with_chat_feelings(lookup: EmotionLookup) -> EmotionLookup:
    """``lookup`` that also knows the emotions of :data:`CHAT_FEELINGS`, where it knows none of its own."""

    def emotions_of(tokens: list[str]) -> Mapping[str, tuple[str, ...]]:
        known = dict(lookup(tokens))
        return {**{t: CHAT_FEELINGS[t][1] for t in tokens if t in CHAT_FEELINGS and t not in known}, **known}

    return emotions_of


def small_table_lookup(tokens: list[str]) -> Mapping[str, tuple[str, ...]]:
    return {t: SMALL_EMOTION_TABLE[t] for t in tokens if t in SMALL_EMOTION_TABLE}


def nrclex_lookup() -> EmotionLookup | None:
    """NRCLex in token mode (no TextBlob corpora are needed), or None when ``nrclex`` is not installed."""
    try:
        from nrclex import NRCLex
    except ImportError:
        return None
    reader = NRCLex()

    def lookup(tokens: list[str]) -> Mapping[str, tuple[str, ...]]:
        reader.load_token_list(tokens)
        return {word: tuple(emotions) for word, emotions in reader.affect_dict.items()}

    return lookup
