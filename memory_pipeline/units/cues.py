"""Word lists and patterns the rules builder reads a unit's sentences with: what is filler, what continues a
story, what announces a plan, which way a sentence points in time, and what kind of content it is.

The texts they read are memory entries: the speaker's wording with "I" already replaced by the speaker's name
and "you" by the addressee's (``memory_pipeline.grounding``), prefixed "<name> noted:" or "<name> asks:" where the
extractor had to say whose words they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_pipeline.extraction.lexicon import (
    ANAPHORA, CHAT_INTERJECTIONS, CONTRAST, DISCOURSE_WORDS, FORESEEN_FEELINGS, STOP_WORDS,
)
from memory_pipeline.extraction.temporal import MONTHS, WEEKDAYS
from memory_pipeline.parsing.words import sentence_spans

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+")
# Words that say when, not what: two statements that both say "now" or "a week" are not about one thing.
TIME_WORDS = frozenset(
    "now today tonight yesterday tomorrow ago day days week weeks weekend month months year years time times".split()
)
# Verbs and words of any subject ("going", "went", "made", "fine", "new", "times"): two statements that share only
# these are not about one thing ("Tom got off with a fine" and "the dentist was fine")
LIGHT_WORDS = frozenset(
    """go goes going went gone make makes making made do does doing done take takes taking took taken come comes
    coming came back new fine want wants wanted need needs needed think thought feel feels felt look
    looks looked still little big
    remind reminds reminded reminder reminders asks""".split()
)  # and the words of asking an assistant: "remind me to renew my passport" is no more about piano lessons
# "Also" and "plus" are left out: in chat they open the next piece of news ("also I started going to the gym")
CONTINUATION_OPENERS = ANAPHORA | CONTRAST | frozenset({"and", "then", "after", "later", "so", "because"})
# A question that leaves the current subject ("anyway, how are the kids?").
TOPIC_CHANGE = re.compile(r"\b(?:anyway|by the way|btw|what about|how about|speaking of|on another note|changing the subject)\b", re.I)
CUT_ENDING = re.compile(r"(?:\.\.\.|…|:|—|-|\band|\bbut|\bso)\s*$", re.I)
# Thanks and encouragement: courtesy, not content, when nothing but affective words come with them.
COURTESY = re.compile(
    r"\b(?:thanks?|thank(?:s|ed)?|appreciates?d?|grateful|means? (?:a lot|a ton|so much)|meant a lot|"
    r"keep (?:it up|up the \w+ work)|way to go|good luck|well done|go for it|got this|hang in there|"
    # praise of the other's news by its participle ("well deserved", "so deserved", "well earned", "well played")
    r"(?:(?:well|so|much|richly|totally|fully) )?deserved|well (?:earned|played|said))\b",
    re.I,
)

# Sentences that react to what was just said, by their form, whatever their words: a greeting of a feast or a
# season ("happy eid!", "merry christmas everyone", "eid mubarak"; not a birthday, which tells the day of a life),
# an exclamation with no verb ("what a knob", "how rude", "such a shame", "the cheek of it"), an acceptance ("deal",
# "course", "fair enough") and a verdict on what was said ("that's decent", "sounds rough"). Made only of these
# and glue, a sentence makes no unit ("Jo noted: the cheek." had been one).
_GREETED = r"[a-z][\w'’]*(?: [a-z][\w'’]*){0,2}?"
_TO_ALL = r"(?: (?:to )?(?:everyone|everybody|all|you all|y'all|guys|folks|to you))?"
REACTION_FORMULA = re.compile(
    rf"(?:happy|merry) (?P<feast>{_GREETED}){_TO_ALL}|{_GREETED} mubarak{_TO_ALL}|season'?s greetings{_TO_ALL}"
    r"|(?:what|such) an? [a-z]+(?: [a-z]+)?|how (?!(?:much|many|long|come|far|often|old|soon|so)\b)[a-z]+"
    r"|the (?:cheek|nerve|audacity|gall)(?: of (?:it|him|her|them|some people))?"
    r"|(?:it'?s a )?deal|(?:of )?course|agreed|fair enough|sure thing|no (?:problem|worries)|you'?re on"
    r"|(?:that(?:'s|’s| is| was)|sounds|looks|seems) (?:(?:so|really|pretty|very|quite|a bit|well|just|totally) )?"
    r"(?P<verdict>[a-z]+)",
)
# What a feast's greeting does not greet: a day of someone's life, and the time of a feeling ("happy now")
NOT_FEASTS = frozenset({"birthday", "bday", "anniversary", "now", "today", "tonight", "tomorrow", "yesterday"})


def reaction_formula(body: str) -> bool:
    """``body`` (a sentence without its attribution) is one of :data:`REACTION_FORMULA`'s reactions and nothing
    else, but for closing marks, chat's interjections and emoji. A feast is no word of function or of now ("happy to
    help", "happy now" are the speaker's feeling), nor a birthday; a verdict is no participle ("that's sorted",
    "that's booked" tell a thing done), no time ("that's friday") and no name."""
    said = " ".join(w for w in words(body) if w.lower() not in CHAT_INTERJECTIONS)
    match = REACTION_FORMULA.fullmatch(said.lower())
    if match is None or re.search(r"\d", body):
        return False
    feast, verdict = match.group("feast"), match.group("verdict")
    if feast is not None and any(w in STOP_WORDS or w in NOT_FEASTS for w in feast.split()):
        return False
    if verdict is not None:
        capitalised = re.search(rf"\b{verdict[:1].upper()}{re.escape(verdict[1:])}\b", body) is not None
        return not (verdict in STOP_WORDS or verdict in TIME_WORDS or verdict in WEEKDAYS or verdict in MONTHS
                    or verdict.endswith(("ed", "en")) or verdict == "done" or capitalised)
    return True

# The future of a past moment: an intention given up or overtaken ("was going to go to the concert, but I sold my
# ticket"), no plan however far ahead its date lies.
FUTURE_IN_THE_PAST = re.compile(r"\b(?:was|were)\s+(?:going\s+to|gonna)\b", re.I)

# A supposition or a wish: "if I won the lottery I'd buy a boat", "I'd move to Lisbon if I could", "I wish I had a
# dog". Its past forms are no past ("won", "had") and its "would" no plan.
SUPPOSED = re.compile(
    r"\bif\b[^.!?]*\b(?:would|'d|could|might)\b|\b(?:would|'d|could|might)\b[^.!?]*\bif\b|\bwish(?:es)?\s+(?:i|we|he|she|they|\w+)\s+(?:had|was|were|could|would|lived|knew)\b",
    re.I,
)

# Plans and intentions: modality and tense cues, then what is planned.
# A feeling foreseen ("gonna miss you", "will always love reading") is no intention, nor the future of a past
# moment ("was going to move there, but ...").
INTENTION = re.compile(
    r"\b(?:(?:wants?|wanted|plans?|planned|planning|hopes?|hoped|hoping|intends?|intended|intending|decided|"
    r"decides|aims?|aiming|needs?|trying|tries|about|would like|'d like|has|have|got|can't wait|cannot wait|"
    r"looking forward|getting ready|preparing|signed up)\s+to|(?<!\bwas )(?<!\bwere )going\s+to(?!\s+(?:the|a|an|my|his|her|their|our|"
    r"this|that|school|work|bed|church|college)\b)|plans?\s+on|planning\s+on|thinking\s+(?:of|about)|considering|"
    r"(?:planning|plans?)(?=\s+(?:a|an|the|some|his|her|their|our|\w+'s)\b)|"
    rf"(?<!\bwas )(?<!\bwere )gonna|wanna|will|'ll|must|should)\s+(?!(?:always\s+|so\s+|really\s+)?(?:{'|'.join(sorted(FORESEEN_FEELINGS))})\b)"
    # "will be" foretells a state ("it'll be fun", "she'll be so cute"), save where one will be or what one will
    # be doing
    r"(?!be\s+(?!(?:at|in|on|there|here|back|home|away|\w+ing)\b))[^.!?;]{3,80}",
    re.I,
)
FUTURE_CUE = re.compile(
    r"\b(?:will|'ll|gonna|going to|plans? to|planning|hopes? to|hoping to|intends? to|next|tomorrow|tonight|soon|"
    r"upcoming|later this|can't wait|cannot wait|looking forward|signed up|about to|someday|one day)\b",
    re.I,
)
# Past-tense verbs a regular expression can recognise without a tagger: irregular forms, and -ed forms that are
# not common adjectives.
IRREGULAR_PAST = frozenset(
    """was were had did went got made took saw came found told gave felt thought bought brought met left ran wrote
    began won lost spent taught caught sold built kept heard said sang drew grew knew flew drove rode ate fell
    chose became broke forgot wore held led paid sent slept stood understood woke threw swam sat shot spoke stole
    struck hung hid bit blew dug fed fought forgave froze lay lit meant overcame rose sank shook shut sought split
    spread stuck stung swore swept swung tore undertook upset wept withdrew wound""".split()
)
ED_ADJECTIVES = frozenset(
    """excited interested tired bored scared worried stressed amazed surprised pleased relieved motivated
    inspired overwhelmed blessed talented dedicated determined focused married engaged used supposed related
    detailed advanced limited experienced skilled beloved crowded""".split()
)
PRESENT_STATE = re.compile(r"\b(?:is|are|am|feels?|has been|have been|currently|these days|lately|right now|now|still)\b", re.I)

RISK = re.compile(
    r"\b(?:suicid\w*|kill (?:myself|himself|herself|themself)|self[- ]harm|hurt (?:myself|himself|herself|themself)|"
    r"overdos\w*|hopeless|can't go on|no reason to live|end it all|abus(?:e|ed|ive)|assault\w*|panic attacks?|"
    r"relapsed?|crisis|emergency room|unsafe)\b",
    re.I,
)
SUPPORT = re.compile(
    r"\b(?:should|could try|can try|recommend\w*|suggest\w*|advi[sc]e\w*|encourag\w*|here for|proud of|"
    r"believes? in|rooting for|hang in there|keep (?:it up|going|pushing)|take care|don't give up|"
    r"let \w+ know|reach out|be there for|support\w*|cheer\w*)\b",
    re.I,
)
RELATIONSHIP = re.compile(
    r"\b(?:married|marry|marriage|wedding|engaged|engagement|divorc\w*|broke up|break up|dating|dated|boyfriend|"
    r"girlfriend|husband|wife|partner|fianc\w*|anniversary|pregnan\w*|baby|born|adopt\w*|passed away|died|"
    r"funeral|reunited|reconnect\w*|met (?:a|my|his|her|their|some)|made (?:a )?(?:new )?friends?|friendship|"
    r"moved in|relationship)\b",
    re.I,
)
BELIEF = re.compile(
    r"\b(?:believes?|thinks?|thought that|in \w+'s opinion|important|matters|values?|favou?rite|prefers?|"
    r"loves?|hates?|enjoys?|passionate about|into|fan of|means? everything|the best|the worst|always been)\b",
    re.I,
)
QUESTION_OPENERS = frozenset(
    {"did", "do", "does", "is", "are", "was", "were", "have", "has", "what", "where", "when", "why", "how", "who", "which"}
)
WH_WORDS = frozenset({"what", "where", "when", "why", "how", "who", "which"})
# What follows an inverted auxiliary in a question: its subject.
SUBJECTS = frozenset(
    "i you he she it we they that this there these those the a an any your my his her their our anyone everyone".split()
)
ATTRIBUTION_WORDS = frozenset({"noted", "asks"})  # the extractor's own "<name> noted:" / "<name> asks:"
PREFIXES = re.compile(r"^(?P<name>[^:]{1,40}?) (?P<verb>noted|asks):\s*")


def sentences(text: str) -> list[str]:
    text = text or ""
    return [text[start:end] for start, end in sentence_spans(text)]


def strip_attribution(sentence: str) -> tuple[str, str | None]:
    """The sentence without a leading "<name> noted:"/"<name> asks:", and that verb (None when absent)."""
    match = PREFIXES.match(sentence)
    if match is None:
        return sentence, None
    return sentence[match.end() :], match.group("verb")


def is_question(sentence: str, speaker: str | None) -> bool:
    """Asked, not stated: "<name> asks:", a question mark, or an interrogative opening the extractor's full stop
    hides ("Did Melanie make it.", "What does Jon love."), but not a statement without its subject ("Was super
    nervous last week") or an exclamation ("What a day")."""
    body, verb = strip_attribution(sentence)
    if verb == "asks" or body.rstrip().endswith("?"):
        return True
    head = words(body)[:2]
    if not head or head[0].lower() not in QUESTION_OPENERS:
        return False
    after = head[1] if len(head) > 1 else ""
    if head[0].lower() in WH_WORDS:
        return after.lower() not in ("a", "an")
    return after.lower() in SUBJECTS or after[:1].isupper()


def words(text: str) -> list[str]:
    return WORD.findall(text or "")


def stem(word: str) -> str:
    """A crude stem, enough to see that "painting" and "paintings" are one subject."""
    lower = word.lower().replace("’", "'")
    for suffix in ("'s", "ing", "ed", "es", "s"):
        if lower.endswith(suffix) and len(lower) - len(suffix) >= 3:
            return lower[: -len(suffix)]
    return lower


def content_words(text: str, names: Iterable[str] = (), stemmed: bool = True) -> set[str]:
    """The words that carry content (their stems unless ``stemmed`` is False): not function words,
    conversational glue, our own attribution words, or names of the participants (a capitalised word that begins
    a participant's name, "Mel" for Melanie, is a name too)."""
    skip = {n.lower() for name in names for n in name.split()}
    out = set()
    for word in words(text):
        lower = word.lower().replace("’", "'").removesuffix("'s")
        if len(lower) < 3 or lower in STOP_WORDS or lower in DISCOURSE_WORDS or lower in ATTRIBUTION_WORDS:
            continue
        if lower in skip or (word[:1].isupper() and any(n.startswith(lower) for n in skip)):
            continue
        out.add(stem(lower) if stemmed else lower)
    return out


def subject_words(text: str, names: Iterable[str] = ()) -> set[str]:
    """The content words (stems) that say what a statement is about: not time words nor light ones."""
    return content_words(text, names) - _NOT_A_SUBJECT


def opens_continuation(sentence: str) -> bool:
    """The sentence leans on what came before ("It was...", "But...", "They...")."""
    body, _ = strip_attribution(sentence)
    first = next(iter(words(body)), "").lower()
    return first in CONTINUATION_OPENERS


def past_tense(text: str) -> bool:
    for word in words(text):
        lower = word.lower()
        if lower in ATTRIBUTION_WORDS:
            continue
        if lower in IRREGULAR_PAST or (lower.endswith("ed") and len(lower) > 4 and lower not in ED_ADJECTIVES):
            return True
    return False


def intention(text: str, subject: str | None = None, names: Iterable[str] = ()) -> str | None:
    """The first plan or intention the text states ("plans to go camping next month"), or None.

    With ``subject``, only an intention of that person counts: the last name said before the cue in its sentence
    must be theirs ("Gina noted: Jon is gonna win" is Gina's hope for Jon, not Gina's plan).
    """
    others = [n for n in names if n and n != subject]
    for sentence in sentences(text):
        body, attributed = strip_attribution(sentence)
        match = INTENTION.search(body)
        while match is not None:
            # "didn't want to worry you", "I will never eat mushrooms": no intention
            negated = NEGATED_CUE.search(body[: match.start()]) or NEGATED_AFTER_CUE.match(match.group(0))
            if not negated and (subject is None or _subject_of_cue(body[: match.start()], subject, others, bool(attributed)) == subject):
                return " ".join(match.group(0).split()).rstrip(" ,;:-")
            # another's cue may run on over the speaker's own ("it will rain, so Nora will take an umbrella")
            match = INTENTION.search(body, match.start() + 1)
    return None


NEGATED_CUE = re.compile(r"(?:\bnot|\bnever|n't|\bno longer)\s+(?:really\s+|even\s+)?$", re.I)
# A future denied after its cue: "will never", "'ll not", "gonna never" (a negated future is no plan)
NEGATED_AFTER_CUE = re.compile(r"(?:will|'ll|gonna|wanna|must|should)\s+(?:never|not)\b", re.I)
# Subjects that are not the speaker, whose name the texts write for "I": "he'll have fun", "it'll be wonky".
OTHER_SUBJECTS = re.compile(r"\b(?:he|she|it|they|you|there|this|that)(?:['’](?:ll|s|re|d))?\b", re.I)
CLAUSE_BREAK = re.compile(r"[,;:]\s|\s(?:but|so|because)\s", re.I)


def _subject_of_cue(before: str, subject: str, others: list[str], attributed: bool) -> str | None:
    """Whose the intention cue after ``before`` is: the last name said before it, unless a pronoun of someone or
    something else comes after that name in the cue's clause ("Priya noted: Zara loved it, he'll have fun"). In a
    text attributed to the speaker, a clause with no subject before its cue is the speaker's ("will make sure")."""
    clause = CLAUSE_BREAK.split(before)[-1]
    pronouns = [m.start() for m in OTHER_SUBJECTS.finditer(clause)]
    named = [m.start() for name in [subject, *others] for m in re.finditer(rf"\b{re.escape(name)}\b", clause)]
    if pronouns and max(pronouns) > max(named, default=-1):
        return None
    if attributed and not clause.strip():
        return subject
    return _last_name_before(before, [subject, *others])


def _last_name_before(text: str, names: list[str]) -> str | None:
    """The last of ``names`` said in ``text``; None when there is none, or when it is said as an owner ("Tomas'
    new manager will be Rui": the manager is the subject, not Tomas)."""
    found = [
        (m.start(), name, bool(re.match(r"['’]s?\b|['’](?=\s)", text[m.end() :])))
        for name in names
        for m in re.finditer(rf"\b{re.escape(name)}\b", text)
    ]
    if not found:
        return None
    _, name, owner = max(found)
    return None if owner else name


_NOT_A_SUBJECT = frozenset(stem(w) for w in TIME_WORDS | LIGHT_WORDS)
