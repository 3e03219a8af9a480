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

from memory_pipeline.analysis.slots import ANIMALS
from memory_pipeline.extraction.lexicon import EMOTION_TABLE, FAMILY_NOUNS
from memory_pipeline.units.cues import strip_attribution
from memory_pipeline.units.records import UNKNOWN

# Reported in this order of preference when two emotions are equally supported: the basic emotions first.
EMOTIONS = ("joy", "sadness", "fear", "anger", "surprise", "disgust", "trust", "anticipation")
MIN_WORD_VALENCE = 1.0  # VADER's word scale runs -4..4; below this a word is not clearly affective
PRETTY = re.compile(r"\bpretty\s+(\w+)", re.IGNORECASE)
MIN_COMPOUND = 0.5  # with no emotion word, a valence this strong still says "positive" / "negative"
# "stopped" and "quit" end the feeling after them: "Maya has stopped crying" is no sadness now
NEGATORS = frozenset({"not", "n't", "never", "no", "hardly", "barely", "without", "stopped", "quit"})
# Words a negation reaches over: "not really that happy", "didn't want to worry you" ("never felt so happy" is
# emphasis: "felt" and "so" count, and "never" stays out of reach).
NEGATION_REACHES_OVER = frozenset({"really", "that", "even", "want", "wanted", "mean", "meant", "to"})
NEGATION_REACH = 2  # words, not counting those it reaches over
STATE_VERBS = frozenset({"feel", "feels", "felt", "feeling", "getting", "been", "being", "got"})
TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")

# Feeling words of British English and chat that VADER (and NRC) do not know, with a valence on VADER's -4..4 word
# scale and their emotions: "pretty gutted" had scored positive, from "pretty" alone. Words with another common
# sense ("pumped" tyres, a "buzzing" phone, "ace", "lush") are left out.
CHAT_FEELINGS: dict[str, tuple[float, tuple[str, ...]]] = {
    "gutted": (-2.3, ("sadness",)), "gutting": (-2.0, ("sadness",)), "bummed": (-1.9, ("sadness",)),
    "rubbish": (-1.8, ("disgust",)), "naff": (-1.2, ("disgust",)), "knackered": (-1.6, ("sadness",)),
    "skint": (-1.2, ("sadness",)), "miffed": (-1.5, ("anger",)), "peeved": (-1.6, ("anger",)),
    "chuffed": (2.2, ("joy",)), "stoked": (2.3, ("joy", "anticipation")), "psyched": (2.0, ("joy", "anticipation")),
    "hyped": (1.9, ("joy", "anticipation")), "regret": (-1.8, ("sadness",)), "regrets": (-1.8, ("sadness",)),
    "regretted": (-1.8, ("sadness",)),
}
# Idioms no word of which says the feeling (or whose words say another: "happy tears" are no sadness), matched on
# the text as patterns and counted as one affective word each, with the plain word VADER reads in their place: it
# scores none of them ("Zoe is over the moon" had a valence of 0, "crying happy tears" one of -0.76).
_PHRASES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (r"over the moon", ("joy",), "delighted"), (r"on cloud nine", ("joy",), "delighted"),
    (r"on top of the world", ("joy",), "delighted"), (r"made my (?:day|week)", ("joy",), "delighted"),
    (r"(?:what|such) a relief|a huge relief", ("joy",), "relieved"),
    (r"(?:couldn't|could not|could't|cudnt) be happier", ("joy",), "delighted"),
    (r"(?:couldn't|could not|cudnt) be (?:more proud|prouder)", ("joy",), "proud"),
    # a feeling that will not stop is strong, not negated
    (r"(?:can't|cannot|cant|couldn't|hasn't|hadn't|haven't) stop(?:ped)? (?:crying|sobbing)", ("sadness",), "sad"),
    (r"(?:can't|cannot|cant|couldn't|hasn't|hadn't|haven't) stop(?:ped)? (?:smiling|grinning|laughing)", ("joy",), "happy"),
    (r"(?:crying |cried )?(?:happy tears|tears of joy)|happy crying", ("joy",), "overjoyed"),
    (r"looking forward", ("joy", "anticipation"), "eager"), (r"(?:can't|cannot|cant) wait", ("joy", "anticipation"), "excited"),
    (r"fed up|sick and tired|cheesed off", ("anger",), "annoyed"), (r"pissed off", ("anger",), "angry"),
    (r"freaking out|freaked (?:me )?out|on edge|(?:a )?nervous wreck", ("fear",), "nervous"),
    (r"broke my heart|down in the dumps|(?:feel|feeling|felt) low", ("sadness",), "sad"),
    # missing someone or a way of life, not a bus or a deadline
    (r"miss(?:es|ed|ing)?(?= (?:you|him|her|them|us|home|living|being|having|seeing|my|our|his|their|the old)\b)",
     ("sadness",), "sad"),
    # or someone by name, as the memory writes "you" ("Isla misses Finn"); not the title ("Miss Patel"), a call
    # ("missed Leo's call") nor one missed by minutes ("missed Dan by five minutes")
    (r"(?-i:miss(?:es|ing)?)(?= (?-i:[A-Z][a-z]+)\b(?!['’]s| by\b))", ("sadness",), "sad"),
)
# Words that only say how much may stand inside an idiom: "feeling pretty low".
_GAP = r"\s+(?:(?:so|really|very|pretty|quite|super|kinda|totally|a bit|a little)\s+)*"
AFFECT_PHRASES: tuple[tuple[re.Pattern[str], tuple[str, ...], str], ...] = tuple(
    (re.compile(rf"\b(?:{pattern.replace(' ', _GAP)})\b", re.I), emotions, stand_in) for pattern, emotions, stand_in in _PHRASES
)
# Said in a sentence, these make its praise ironic: "great, another flat tyre", "love Southern Rail 🙃".
IRONY = re.compile(
    r"\b(?:great|brilliant|fantastic|perfect|lovely|wonderful|awesome)[,!.]+\s+(?:just\s+)?another\b|"
    r"\bso that's (?:fun|great|nice|lovely|brilliant)\b|\bjust what i needed\b|\byeah,? right\b|[🙄🙃😒😑]",
    re.I,
)
IRONIC_EMOTIONS = frozenset({"joy", "trust", "anticipation"})
# The loudly crying face, which chat uses for joy and grief alike; VADER reads it as grief ("I passed 😭😭" had
# scored negative), so it is not scored.
TWO_WAY_EMOJI = re.compile("😭")
# Hedges VADER reads as praise: "I'm scared, to be honest" had scored positive, from "honest".
HEDGES = re.compile(r",?\s*\b(?:to be (?:honest|fair)|if i'm honest|if i am honest|honestly|tbh)\b,?", re.I)
# A measure that moved ("my cholesterol is down to 5.4", "rent went up by £50"): "down" and "up" tell no mood there.
MEASURE_MOVED = re.compile(r"\b(?:down|up)(?=\s+(?:to|by|from)\s+[£$€]?\d)", re.I)
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

    @property
    def named(self) -> bool:
        """An emotion the words name, not only a leaning of their valence ("positive") or none."""
        return ":" in self.emotion_or_state


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
        text = TWO_WAY_EMOJI.sub("", HEDGES.sub("", MEASURE_MOVED.sub("", text or "")))
        phrases, scored, rest = find_phrases(text)
        ironic = ironic_tokens(rest)
        tokens = [t for t in TOKEN.findall(rest.lower()) if t not in skip]
        table = dict(with_bases(tokens, self.emotions_of))
        words = self._emotion_words(tokens, table)
        for n, word in enumerate(words):
            if word in ironic and set(table[word]) <= IRONIC_EMOTIONS:
                words[n] = f"{word} (ironic)"
                table[words[n]] = ("anger",)
                scored = " ".join(
                    re.sub(rf"\b{word}\b", "annoyed", sentence, flags=re.I) if IRONY.search(sentence) else sentence
                    for sentence in SENTENCES.split(scored)
                )
        valence = float(self.sentiment.polarity_scores(self._pretty_as_a_booster(scored))["compound"])
        table.update({phrase: emotions for phrase, emotions in phrases})
        words += [phrase for phrase, _ in phrases]
        counts = Counter(e for w in words for e in table[w] if e in EMOTIONS)
        if counts:
            return Affect(emotion_label(words, table, counts), valence)
        if abs(valence) >= MIN_COMPOUND:
            return Affect("positive" if valence > 0 else "negative", valence)
        return Affect(UNKNOWN, valence)

    def _pretty_as_a_booster(self, text: str) -> str:
        """"pretty upset", "pretty stressed" are quite upset and quite stressed; VADER scores "pretty" as praise and
        gave them a positive valence. Before a word of no feeling ("a pretty dress") it stays praise."""
        return PRETTY.sub(lambda m: f"quite {m.group(1)}" if m.group(1).lower() in self.sentiment.lexicon else m.group(0), text)

    def _emotion_words(self, tokens: list[str], table: Mapping[str, tuple[str, ...]]) -> list[str]:
        """Affective words of the tokens, once each, in order; a negated word ("not happy") or one felt no longer
        ("used to love") does not count."""
        lexicon = self.sentiment.lexicon
        named_states = state_words(tokens)
        found: list[str] = []
        for n, token in enumerate(tokens):
            if token in found or token not in table:
                continue
            strength = max((abs(lexicon.get(form, 0.0)) for form in (token, *base_forms(token))), default=0.0)
            if strength < MIN_WORD_VALENCE and token not in named_states:
                continue
            if negated(tokens[:n]) or felt_once(tokens[:n]):
                continue
            found.append(token)
        return found


# The words before "used to" that make it "accustomed to": "I got used to", "I'm (so) used to".
ACCUSTOMED = frozenset({"get", "got", "gets", "getting", "gotten", "be", "am", "is", "are", "was", "were", "been",
                        "i'm", "we're", "you're", "they're", "he's", "she's", "so", "very", "quite"})


def felt_once(before: list[str]) -> bool:
    """A feeling right after "used to" ("I used to love Paris but now I find it so crowded", "used to really hate
    olives") is one no longer felt: it is no affect of the situation told now. "I got used to hating Mondays" is
    accustomed to it, and feels it."""
    for end in (len(before), len(before) - 1):  # "used to love", "used to really hate"
        if end >= 2 and before[end - 2 : end] == ["used", "to"] and (end == len(before) or before[-1].endswith("ly")):
            return end == 2 or before[end - 3] not in ACCUSTOMED
    return False


def negated(before: list[str]) -> bool:
    """A negator among the last :data:`NEGATION_REACH` words before a feeling, not counting the words a negation
    reaches over ("not really that happy", "didn't want to worry you")."""
    counted = [t for t in before if t not in NEGATION_REACHES_OVER][-NEGATION_REACH:]
    return any(t in NEGATORS or t.endswith("n't") for t in counted)


def find_phrases(text: str) -> tuple[list[tuple[str, tuple[str, ...]]], str, str]:
    """The idioms of :data:`AFFECT_PHRASES` in ``text`` that are not negated ("not looking forward to it" is no
    joy), each with its emotions; the text VADER scores, each idiom read as its plain word; and the text left for
    the word-by-word reading, the idioms cut out (the "tears" of "happy tears" are no sadness)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    scored = rest = text
    for pattern, emotions, stand_in in AFFECT_PHRASES:
        for match in pattern.finditer(rest):
            phrase = " ".join(match.group(0).lower().split())
            if not negated(TOKEN.findall(rest[: match.start()].lower())) and phrase not in dict(found):
                found.append((phrase, emotions))
        scored = pattern.sub(stand_in, scored)
        rest = pattern.sub(" ", rest)
    return found, scored, rest


SENTENCES = re.compile(r"(?<=[.!?])\s+|\n")


def ironic_tokens(text: str) -> set[str]:
    """The words of the sentences :data:`IRONY` marks ironic."""
    return {t for sentence in SENTENCES.split(text) if IRONY.search(sentence) for t in TOKEN.findall(sentence.lower())}


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
    return {t: EMOTION_TABLE[t] for t in tokens if t in EMOTION_TABLE}


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


# --- whose feeling -----------------------------------------------------------------------------------------------
# Where a sentence of a memory parts into clauses, each with its own subject: "Karim got engaged and he's over the
# moon", "He's terrified of the dentist so Greta is dreading it".
CLAUSE_PARTS = re.compile(
    r"[.!?;)]+\s+|,\s+|\s+(?:and|but|because|though|although|while)\s+"
    # what one thinks or says of another is theirs: "Tom thinks | she's been terrified for weeks"
    r"|(?:" + "|".join(rf"(?<=\b{verb})" for verb in ("thinks", "thought", "says", "said", "reckons", "knows", "knew"))
    + r")\s+(?:that\s+)?(?=(?:he|she|they)\b)",
    re.I,
)
# Two people as one subject ("Priya and Sam are over the moon"): read as one clause, its first person the holder,
# not parted at "and".
COORDINATED = re.compile(r"^((?:[A-Z][\w'’-]*\s+)?[A-Z][\w'’-]*)\s+and\s+((?:[A-Z][\w'’-]*|(?:her|his|their)\s+\w+)\s+(?:are|were|have|had|feel|felt)\b)")
# Words before a clause's subject that are no subject ("oh", "honestly", "guess what"): skipped.
# ("no" only as an answer, before a break: "no worries" keeps the "no" that negates the worry)
OPENERS = re.compile(r"^(?:(?:oh|ah|well|yeah|yes|no(?=\s*[,!.]|\s*$)|honestly|tbh|and|but|so|also|now|still|just|poor|bless|guess what)\b[\s,!]*)+", re.I)
OTHER_PRONOUNS = frozenset({"he", "she", "they", "he's", "she's", "they're", "he'd", "she'd", "he'll", "she'll", "his",
                            "her", "their"})
# People one speaks of by what they are to one ("my boss", "the kids", "one of my reports"), singular
PEOPLE_NOUNS = FAMILY_NOUNS | frozenset(
    "sibling granny son daughter kid child children friend mate boss manager colleague coworker neighbour neighbor "
    "roommate flatmate housemate team report client teacher student doctor nurse landlord landlady parent people "
    "folk guy girl boy baby gran granny grandad granddad nan nana grandparent stepmum stepdad ex fiance fiancé "
    "fiancee fiancée in-laws inlaws gp therapist vet".split()
) | ANIMALS  # a pet feels too: "Priya's dog is terrified of fireworks" is the dog's fear
# Subjects that name someone without a name ("a friend of Priya's", "everyone at work", "the kids")
SOMEONE_OPENERS = frozenset({"the", "a", "an", "one", "some", "all", "both", "everyone", "everybody"})
# A clause cut off its subject by commas ("One of Priya's reports, Kevin, | is really resentful"): the verb it opens
# with goes on with the subject before it
SUBJECTLESS_VERBS = frozenset({"is", "was", "are", "were", "has", "had", "feels", "felt", "seems", "seemed", "looks",
                               "looked", "gets", "got"})


@dataclass(frozen=True)
class Held:
    """A clause of a memory and whose feeling it would tell: the speaker's (``own``), or another's, by name when
    the text gives one (``holder`` None: someone not named)."""

    own: bool
    holder: str | None
    text: str


def feelings_by_holder(text: str, speaker: str | None, names: Iterable[str] = ()) -> list[Held]:
    """The clauses of ``text`` (a memory written in the third person), each with whose feeling it tells: a clause
    whose subject is another person ("she's devastated", "Jo's brother is over the moon", "Karim is nervous") is
    theirs, a "he" or "she" the last other person named before it; any other clause, one about the speaker or
    about no one ("it was awful"), is the speaker's."""
    speaker_words = {w.lower() for w in (speaker or "").split()}
    known = [n for n in dict.fromkeys(names) if n and n.lower() not in speaker_words]
    out: list[Held] = []
    last_other: str | None = None
    for clause in CLAUSE_PARTS.split(COORDINATED.sub(r"\1 with \2", strip_attribution(text or "")[0])):
        clause = OPENERS.sub("", clause.strip())
        if not clause:
            continue
        if out and clause.split()[0].lower() in SUBJECTLESS_VERBS:
            out.append(Held(out[-1].own, out[-1].holder, clause))
            continue
        own, named, pronoun = _subject_of(clause, speaker_words, known)
        out.append(Held(own, speaker if own else (last_other if pronoun else named), clause))
        said = [(m.start(), name) for name in known for m in re.finditer(rf"\b{re.escape(name)}\b", clause)]
        last_other = named or (max(said)[1] if said else last_other)
    return out


def _subject_of(clause: str, speaker_words: set[str], known: list[str]) -> tuple[bool, str | None, bool]:
    """(the speaker's own, the other person it names, its subject a "he"/"she") of one clause, by its first
    words."""
    words = clause.split()
    first = words[0].lower().strip(",:")
    if first.replace("’", "'").split("'")[0] in speaker_words or first in ("i", "i'm", "i've", "we", "we're"):
        # "Nadia's brother Karim is ...": the speaker owns the subject, who is someone else; "Nadia's so happy" is
        # the speaker
        owned = re.match(r"^\S+['’]s\s+(?!(?:so|very|really|been|got|going|not|a|an|the|feeling|still|just|never|always)\b)([\w-]+)", clause)
        if owned and (_a_person_noun([owned.group(1)]) or _owned_name(clause, known)):
            return False, _owned_name(clause, known), False
        return True, None, False  # "Priya's flat is lovely": the speaker's judgement of a thing of theirs
    if first in ("my", "our"):
        return False, _owned_name(clause, known), False
    if first in FAMILY_NOUNS:
        return False, words[0].strip(",:"), False  # "Mum rang": Mum, as the speaker calls her
    if first in OTHER_PRONOUNS:
        return False, None, True
    named = next((n for n in known if re.match(rf"{re.escape(n)}\b", clause)), None)
    if named is None and (first in ("everyone", "everybody") or first in SOMEONE_OPENERS and _a_person_noun(words[1:4])):
        # "The kids are so excited", "a friend of Priya's is devastated": someone else, by what they are
        return False, f"the {words[1].strip(',:')}" if first == "the" and len(words) > 1 else None, False
    if named is not None:
        owned = re.match(rf"{re.escape(named)}['’]s\s+(\w+)", clause)
        if owned and owned.group(1).lower() not in FAMILY_NOUNS:
            return True, None, False  # "Sam's party was amazing": the speaker's judgement of a thing
        return False, f"{named}'s {owned.group(1)}" if owned else named, False  # "Sam's mum is devastated"
    # about no one ("it was awful"), or opened by a word that names no one known ("On a nicer note, ..."): the
    # speaker's
    return True, None, False


def _owned_name(clause: str, known: list[str]) -> str | None:
    """The name said right after an owner and a relative ("Nadia's brother Karim"), else the relative as said
    ("Raj's sister"), else None."""
    named = next((name for name in known if re.match(rf"^\S+\s+\w+\s+{re.escape(name)}\b", clause)), None)
    relative = re.match(r"^(\S+['’]s|my|our)\s+([\w-]+)", clause)
    if named is None and relative and _a_person_noun([relative.group(2)]) and relative.group(1)[0].isupper():
        return f"{relative.group(1)} {relative.group(2)}"  # "Raj's sister", "Gabi's boss"
    return named


def _a_person_noun(words: Iterable[str]) -> bool:
    """One of ``words`` says what a person is to someone ("boss", "kids", "reports")."""
    return any(w.lower().strip(",:") in PEOPLE_NOUNS or w.lower().strip(",:").removesuffix("s") in PEOPLE_NOUNS for w in words)
