"""Discourse-prefix removal and clause segmentation (seed 000, A.3 and B.1).

A turn is cut into sentences by the parser and each long sentence (at least ``comma_split_min_words`` words) is
split again where a comma is followed by a conjunction, because long run-on turns join unrelated facts that
way. Every resulting segment is a clause for the per-clause limit Kc.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_pipeline.analysis.clauses import heads_up
from memory_pipeline.extraction.lexicon import (
    CHAT_INTERJECTIONS,
    CLOSINGS,
    DISCOURSE_WORDS,
    EVENTS_ON_THEIR_OWN,
    SAME_IN_PAST,
    STOP_WORDS,
)
from memory_pipeline.parsing import ParsedDoc, Token
from memory_pipeline.parsing.base import SHOUTED_RUN_LETTERS, shouted

# Words that only announce what follows them
TEASERS = (
    ("guess", "what"), ("you", "know", "what"), ("not", "gon", "na", "lie"), ("to", "be", "honest"),
    ("wait",), ("hold", "on"),  # surprise before a clause of its own ("wait u quit the bookshop?"), no request
)
SPLIT_CONJUNCTIONS = frozenset({"and", "but", "so", "or", "because", "though", "although", "yet", "plus", "cause"})
# Auxiliaries that open a question after a comma ("I got the job, did Mum tell you?"): the statement before is said,
# not asked.
QUESTION_AUXILIARIES = frozenset(
    "did do does is are was were have has had can could will would should".split()
)


def tag_question_at(doc: ParsedDoc, k: int, s_end: int) -> bool:
    """Token ``k`` follows a comma and opens a question that ends the sentence, after a statement: an auxiliary,
    then its subject ("..., did he tell you?", "..., have you heard?"); a short tag ("..., isn't it?") tells no
    question of its own and is left with its statement."""
    if k < 1 or doc.tokens[k - 1].text != "," or doc.tokens[s_end - 1].text != "?" or k + 2 >= s_end:
        return False
    aux, subject = doc.tokens[k], doc.tokens[k + 1]
    if aux.lower not in QUESTION_AUXILIARIES or subject.pos not in ("PRON", "PROPN") or s_end - k <= 3:
        return False
    # only after a statement: "On John's NYC trip, did you have any troubles?" and "By the way, have you been?"
    # ask all they say
    s_start = doc.sentences[doc.tokens[k].sent][0]
    return any(t.pos in ("VERB", "AUX") for t in doc.tokens[s_start : k - 1])


# How a request to the listener opens ("can you ...", "could you ..."), whatever closes it.
REQUEST_OPENERS = (("can", "you"), ("could", "you"), ("would", "you"), ("will", "you"), ("can", "u"))
# Verbs a "can you ...?" exclaims with rather than asks for a deed ("..., can you believe it", "can you imagine").
EXCLAIMING_VERBS = frozenset({"believe", "imagine"})


def request_after_a_statement_at(doc: ParsedDoc, k: int, s_end: int) -> bool:
    """Token ``k`` follows a comma and opens a request to the listener after a statement: "can/could/would/will
    you" and a bare verb ("I've moved it to the 27th, can you remind me the day before", "I'll sign it, could you
    witness it on friday"). A request is known by its opening, so chat's dropped "?" (or a full stop) does not hide
    it, as it would a tag question's; the statement was read as going on into "can Sam remind Leo ...". Not one
    that closes on "!" or exclaims ("I told him off, can you believe it!"), nor one after a condition or a time
    it depends on ("if it rains, can you bring the umbrella") or after a bare verb of saying that reports it ("he
    said, can you send the form by friday"); one with no content word of its own stays with its statement, as a
    short tag does ("..., could you tell Mum": the name read as a call)."""
    if k < 2 or doc.tokens[k - 1].text != "," or doc.tokens[s_end - 1].text == "!" or k + 2 >= s_end:
        return False
    if (doc.tokens[k].lower, doc.tokens[k + 1].lower) not in REQUEST_OPENERS:
        return False
    verb = doc.tokens[k + 2]
    if verb.tag != "VB" or verb.lemma in EXCLAIMING_VERBS or doc.tokens[k - 2].pos in ("VERB", "AUX"):
        return False
    before = doc.tokens[doc.sentences[doc.tokens[k].sent][0] : k - 1]
    return (any(t.pos in ("VERB", "AUX") for t in before)
            and not any(arc.label == "mark" for t in before for arc in doc.parents(t.i))
            and not is_discourse_only(doc, k, s_end))


@dataclass(frozen=True)
class Clause:
    start: int  # first token
    end: int  # one past the last token
    sentence: int


def is_content(token: Token) -> bool:
    """A content token: a word that is neither a function word nor conversational glue."""
    word = token.lower.replace("’", "'")
    return (
        any(ch.isalnum() for ch in word)
        and word not in STOP_WORDS
        and word not in DISCOURSE_WORDS
        and token.pos not in ("PUNCT", "INTJ", "SYM")
    )


# Openings that make a whole sentence a reaction: "So much for visiting him there" says the visit is off, and
# read for its words it would say the opposite.
REACTION_OPENINGS = (("so", "much", "for"),)


def opens_with_reaction(doc: ParsedDoc, start: int, end: int) -> bool:
    words = tuple(t.lower for t in doc.tokens[start:end] if t.pos != "PUNCT")
    return any(words[: len(opening)] == opening for opening in REACTION_OPENINGS)


def in_reaction_sentence(doc: ParsedDoc, k: int) -> bool:
    """Token ``k``'s sentence is a reaction by its opening ("So much for the picnic.")."""
    return opens_with_reaction(doc, *doc.sentences[doc.tokens[k].sent])


def is_discourse_only(doc: ParsedDoc, start: int, end: int) -> bool:
    """True when tokens ``start..end-1`` carry no content beyond greetings, reactions and vocative names."""
    if opens_with_reaction(doc, start, end):
        return True
    closing = _closing_tokens(doc, start, end)
    for token in doc.tokens[start:end]:
        if is_content(token) and token.i not in closing and not _called(doc, token, end):
            return False
    return True


def _closing_tokens(doc: ParsedDoc, start: int, end: int) -> set[int]:
    """Tokens of tokens ``start..end`` that form a closing (:data:`CLOSINGS`), punctuation aside: "run" in
    "Gotta run!" is no content, though in "I run every day" it is."""
    words = [t for t in doc.tokens[start:end] if t.pos != "PUNCT"]
    lowers = [t.lower.replace("’", "'") for t in words]
    found: set[int] = set()
    for n, lower in enumerate(lowers):
        for closing in CLOSINGS_BY_FIRST_WORD.get(lower, ()):
            if tuple(lowers[n : n + len(closing)]) == closing:
                found.update(t.i for t in words[n : n + len(closing)])
    return found


def _by_first_word(phrases: tuple[tuple[str, ...], ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    grouped: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        grouped.setdefault(phrase[0], []).append(phrase)
    return {word: tuple(found) for word, found in grouped.items()}


# Each closing under its first word: a clause is read for closings word by word
CLOSINGS_BY_FIRST_WORD = _by_first_word(CLOSINGS)


def _called(doc: ParsedDoc, token: Token, end: int) -> bool:
    """A name (a person's to the tagger, or untyped) that the words up to ``end`` may call someone by. One that is
    the subject of a verb after it among those words makes them a clause about what it names ("Lisbon was amazing", which
    the tagger calls a person); a vocative is the subject of no verb there, or of the verb after the comma whose
    own subject chat dropped ("Gina, hope you're well"), or a name after its verb: a call closing a sentence is
    the parse's subject too ("It definitely isn't, Maria"). No one is called by a word with a digit in it: "E18."
    opening a turn is an error code, not a call."""
    if token.lower in ENDEARMENTS:
        return _an_endearment(doc, token)
    if token.pos != "PROPN" or token.ent not in ("PERSON", "") or any(ch.isdigit() for ch in token.text):
        return False
    if _a_name_in_a_phrase(doc, token):
        return False
    return not any(
        arc.label in ("nsubj", "nsubjpass") and token.i < arc.head < end for arc in doc.parents(token.i)
    )


def _a_name_in_a_phrase(doc: ParsedDoc, token: Token) -> bool:
    """A name no one is called by: the object of a preposition, after an article, or owning something ("it's with
    the DPS", "shed's up, harold was a star": the tagger calls "shed" a name). The sentence had been stripped as a
    call, and its news lost."""
    after = doc.tokens[token.i + 1] if token.i + 1 < len(doc.tokens) else None
    if after is not None and not token.space and after.lower.replace("’", "'") == "'s":
        return True
    return any(arc.label == "pobj" for arc in doc.parents(token.i)) or any(
        arc.label == "det" for arc in doc.children(token.i)
    )


# Words of affection one calls a person by: "sorry love", "thanks hun", "night babe x"
ENDEARMENTS = frozenset({"love", "luv", "hun", "hon", "babe", "darling", "sweetie", "sweetheart", "pet", "mate"})


def _an_endearment(doc: ParsedDoc, token: Token) -> bool:
    """A word of affection in the place of a call: right after a word of greeting, thanks or apology, or alone
    before the sentence ends ("Sorry love.", "thanks hun!", "ok mate"); not "I love it", "my mate Dev"."""
    before = doc.tokens[token.i - 1] if token.i > 0 and doc.tokens[token.i - 1].sent == token.sent else None
    after = doc.tokens[token.i + 1] if token.i + 1 < len(doc.tokens) and doc.tokens[token.i + 1].sent == token.sent else None
    return (before is not None and before.lower in DISCOURSE_WORDS) and (after is None or after.pos == "PUNCT")


def discourse_prefix_end(doc: ParsedDoc) -> int:
    """Index of the first token after the turn's discourse prefix (leading greeting / reaction sentences and
    leading interjections such as "Wow," or "Hey Mel,")."""
    cursor = 0
    for start, end in doc.sentences:
        if is_discourse_only(doc, start, end):
            cursor = end
            continue
        cursor = start
        break
    else:
        return len(doc.tokens)
    # Leading interjection chunk inside the first content sentence: up to and including a comma.
    for k in range(cursor, min(cursor + 5, len(doc.tokens))):
        if doc.tokens[k].text in (",", "!", "-", "—", "…") and (
                is_discourse_only(doc, cursor, k) or _calls_for_attention(doc, cursor, k) or _takes_back(doc, cursor, k)):
            if _names_the_subject(doc, cursor, k) or _only_a_hedge_after(doc, k):
                return cursor
            return _after_teaser(doc, k + 1)
    if (after := past_an_opening(doc, cursor, len(doc.tokens))) > cursor:
        return after
    return _after_header(doc, _after_teaser(doc, _after_address(doc, _after_mentions(doc, cursor))))


# Words that only ask the listener to attend to what follows: "Listen, I can't do Wednesdays anymore", "look, ..."
ATTENTION_WORDS = frozenset({"listen", "look"})


def _calls_for_attention(doc: ParsedDoc, start: int, comma: int) -> bool:
    """"Listen," or "look," before a comma opens the turn, maybe after an interjection ("ok listen, ..."): no order
    to listen, the news is after it."""
    word = comma - 1
    return word >= start and doc.tokens[word].lower in ATTENTION_WORDS and (word == start or is_discourse_only(doc, start, word))


# What takes back the words said before, said before a comma: "scratch that, ...", "actually forget that, ...".
# ("never mind, ..." is kept as said: "Never mind, Maya found it.")
TAKING_BACK = frozenset({("scratch", "that"), ("scrap", "that"), ("forget", "that"), ("ignore", "that"),
                         ("strike", "that")})
# Words that may come before it: "actually scratch that", "oh wait forget that", "no sorry, ignore that".
BEFORE_TAKING_BACK = frozenset({"actually", "oh", "wait", "sorry", "no", "ok", "okay", "hmm", "um", "ah", "erm"})


def _takes_back(doc: ParsedDoc, start: int, comma: int) -> bool:
    """"scratch that," or "forget that," before a comma opens the turn, maybe after "actually" or "wait"
    (:data:`BEFORE_TAKING_BACK`): no order to scratch anything, nor the speaker's deed ("Kwame actually scratches
    that"), the news is after it ("actually scratch that, work said we can wfh 3 days")."""
    words = [t.lower for t in doc.tokens[start:comma] if t.pos != "PUNCT"]
    return len(words) >= 2 and tuple(words[-2:]) in TAKING_BACK and all(w in BEFORE_TAKING_BACK for w in words[:-2])


# Asides before a comma that say how or why the speaker goes on, no request and no deed: a self-correction or
# surprise ("wait no, it's the 27th", "hang on, the 14th not the 12th", "wait, what time is it") or a word on the moment ("while I have you, ...", "before I
# forget, ..."), which had become "asks Assistant to wait no, ..." and "While Sam has Assistant, ...".
ASIDES = frozenset({("wait",), ("wait", "no"), ("no", "wait"), ("wait", "actually"), ("actually", "wait"), ("hang", "on"),
                    ("hold", "on"), ("while", "i", "have", "you"), ("while", "i", "am", "here"),
                    ("while", "i", "remember"), ("before", "i", "forget"), ("while", "i", "think", "of", "it")})
# Words that may come before one: "anyway while I have you, ...", "oh hang on, ...".
BEFORE_AN_ASIDE = BEFORE_TAKING_BACK | {"anyway", "anyways", "also", "and", "btw", "so"}
# Chat's and the tokenizer's ways of writing "am" after "I" ("while I'm here", "while im here").
AM = frozenset({"'m", "m", "’m"})
ASIDE_MAX_WORDS = 7


def after_an_aside(doc: ParsedDoc, start: int, end: int) -> int:
    """The token after the comma closing an aside (:data:`ASIDES`) that opens tokens ``start..end`` (a turn's or a
    sentence's); ``start`` when none does: "anyway while I'm here, the boiler is making that noise again"."""
    for comma in range(start + 1, min(start + ASIDE_MAX_WORDS + 1, end)):
        if doc.tokens[comma].text != ",":
            continue
        words = tuple("am" if t.lower in AM else t.lower for t in doc.tokens[start:comma] if t.pos != "PUNCT")
        if any(words[len(words) - len(aside):] == aside and all(w in BEFORE_AN_ASIDE or w in CHAT_INTERJECTIONS
                                                                  for w in words[: len(words) - len(aside)])
               for aside in ASIDES):
            return comma + 1
        return start
    return start


def past_an_opening(doc: ParsedDoc, start: int, end: int) -> int:
    """Past what opens tokens ``start..end`` without being said: an aside (:func:`after_an_aside`), a request to
    note what follows (:func:`after_a_note_request`), or a polite hedge (:func:`after_a_hedge`)."""
    return after_a_hedge(doc, after_a_note_request(doc, after_an_aside(doc, start, end), end), end)


# Polite hedges that soften bad news, said before it or after it: "I'm afraid I can't make it on Sunday", "we lost,
# I'm afraid", "We did not, I regret to say". They tell no fear and no regret of the speaker's: the memory had been
# "Leo is afraid Leo can't make it" and, of "Not so well, I'm afraid", only "Leo is afraid".
HEDGES_OF_BAD_NEWS = (("i", "am", "afraid"), ("i", "regret", "to", "say"), ("i", "am", "sorry", "to", "say"),
                      ("sorry", "to", "say"), ("sad", "to", "say"))
# What a fear is of, in the clause after "I'm afraid": what will or may happen ("I'm afraid I'll lose my job", "I'm
# afraid he might leave"), where the words tell a fear, not a hedge ("I'm afraid I won't make it" is one again)
FEARED_MODALS = frozenset({"will", "'ll", "ll", "might", "may", "could", "gon", "going"})


def _hedge_words(doc: ParsedDoc, start: int, end: int) -> tuple[str, ...]:
    """The words of tokens ``start..end``, lower case, "am" for the ways of writing it after "I"."""
    return tuple("am" if t.lower in AM else t.lower.replace("’", "'") for t in doc.tokens[start:end])


def after_a_hedge(doc: ParsedDoc, start: int, end: int) -> int:
    """The first token of the clause a hedge of bad news (:data:`HEDGES_OF_BAD_NEWS`) opens tokens ``start..end``
    with, past its "that" or comma, when that clause has a subject of its own and tells no fear
    (:data:`FEARED_MODALS`); ``start`` otherwise: "I'm afraid of spiders", "I'm so afraid I'll fail", "I was afraid
    I had missed it" and "she's afraid the shop will close" tell a fear."""
    for hedge in HEDGES_OF_BAD_NEWS:
        if _hedge_words(doc, start, start + len(hedge)) != hedge:
            continue
        k = start + len(hedge)
        while k < end and (doc.tokens[k].lower == "that" or doc.tokens[k].text == ","):
            k += 1
        if k >= end or not _opens_a_subject(doc, k):
            return start
        if hedge[-1] == "afraid" and _tells_a_fear(doc, k, end):
            return start
        return k
    return start


def _tells_a_fear(doc: ParsedDoc, start: int, end: int) -> bool:
    """Tokens ``start..end`` say, up to their first mark, what will or may happen, not denied ("I'll lose my job",
    "he might leave"; "I won't be able to come" is bad news)."""
    for k in range(start, end):
        token = doc.tokens[k]
        if token.pos == "PUNCT":
            return False
        if token.lower.replace("’", "'") in FEARED_MODALS:
            after = doc.tokens[k + 1].lower.replace("’", "'") if k + 1 < end else ""
            return after not in ("not", "n't", "nt")
    return False


def _only_a_hedge_after(doc: ParsedDoc, comma: int) -> bool:
    """The comma at ``comma`` is the one before a hedge that closes its sentence ("Not so well, I'm afraid."): the
    words before it are what was said, no discourse to strip."""
    start, end = doc.sentences[doc.tokens[comma].sent]
    return before_a_closing_hedge(doc, start, end) == comma


def before_a_closing_hedge(doc: ParsedDoc, start: int, end: int) -> int:
    """The end of tokens ``start..end`` (a sentence) before a hedge of bad news that closes it after a comma ("It's
    been cancelled, I'm afraid.", "We did not, I regret to say."); ``end`` when none does, or nothing is before it."""
    words_end = end
    while words_end > start and doc.tokens[words_end - 1].pos == "PUNCT" and doc.tokens[words_end - 1].text != ",":
        words_end -= 1
    for hedge in HEDGES_OF_BAD_NEWS:
        comma = words_end - len(hedge) - 1
        if comma > start and doc.tokens[comma].text == "," and _hedge_words(doc, comma + 1, words_end) == hedge:
            return comma
    return end


# A request to the listener to keep a fact, around the fact: "can you also note my brother is doing Saturdays now",
# "please remember that the bins go out on Tuesdays" (it had been "can Assistant also note ...").
NOTE_VERBS = frozenset({"note", "remember", "record", "log", "jot"})
NOTE_REQUEST_WORDS = frozenset({"can", "could", "would", "will", "you", "u", "please", "pls", "plz", "also", "just",
                                "actually", "and", "oh", "ok", "okay", "so", "btw", "down"})


def after_a_note_request(doc: ParsedDoc, start: int, end: int) -> int:
    """The first token of the clause a request to note opens tokens ``start..end`` with (after its "that"), when
    that clause has a subject of its own; ``start`` otherwise ("can you note down my address" asks, the address is
    no fact, and so does "can you remember what time ...")."""
    for k in range(start, min(start + ASIDE_MAX_WORDS, end)):
        token = doc.tokens[k]
        if token.lemma in NOTE_VERBS:
            break
        if token.lower not in NOTE_REQUEST_WORDS:
            return start
    else:
        return start
    for arc in doc.children(k):
        if arc.label != "ccomp" or not any(c.label in ("nsubj", "nsubjpass") for c in doc.children(arc.dep)):
            continue
        first = min(j for j in range(k + 1, arc.dep + 1) if j == arc.dep or arc.dep in heads_up(doc, j))
        if doc.tokens[first].tag.startswith("W") or doc.tokens[first].lower in ("if", "whether"):
            return start  # "can you remember what time the dentist is" asks
        if all(doc.tokens[j].lower in NOTE_REQUEST_WORDS for j in range(k + 1, first)):
            return first + 1 if doc.tokens[first].lower == "that" else first
    return start


# At most this many words before a colon make a header ("Big news:", "Quick update:", "Fun fact:").
HEADER_MAX_WORDS = 3


def _after_header(doc: ParsedDoc, cursor: int) -> int:
    """Past a header that only labels the news ("Big news: we bought a flat", "Climbing update: I switched to
    bouldering"): a few words with no verb, a colon, then a clause with its own subject; a colon after a verb
    ("I told her: ...") is no header."""
    colon = next((k for k in range(cursor, min(cursor + HEADER_MAX_WORDS + 1, len(doc.tokens))) if doc.tokens[k].text == ":"), None)
    if colon is None:
        return _after_shouted_header(doc, cursor)
    if colon == cursor or any(t.pos in ("VERB", "AUX") for t in doc.tokens[cursor:colon]):
        return cursor
    after = _past_punctuation(doc, colon + 1)
    return after if after < len(doc.tokens) and _opens_a_subject(doc, after) else cursor


def _after_shouted_header(doc: ParsedDoc, cursor: int) -> int:
    """Past a header shouted in capitals with no colon, in a turn in normal case ("BIG NEWS I'm pregnant", "HUGE
    UPDATE we got the flat"): two or more words in capitals with no verb, right before a clause with its own
    subject, label the news as "Big news:" does; shouted news itself has its verb ("GOT THE JOB, starting monday")."""
    if shouted(doc.text):
        return cursor
    k = cursor
    while k < len(doc.tokens) and doc.tokens[k].text.isupper() and doc.tokens[k].pos not in ("VERB", "AUX", "PRON"):
        k += 1  # the parse may make the header the subject ("HUGE NEWS my sister is engaged"): the run ends anyway
    if k - cursor < 2 or k >= len(doc.tokens) or doc.tokens[k].pos == "PUNCT" or not _opens_a_subject(doc, k):
        return cursor
    if sum(c.isalpha() for t in doc.tokens[cursor:k] for c in t.text) < SHOUTED_RUN_LETTERS:
        return cursor  # a name's short form ("NHS GP appointment is on friday") was never shouted
    if any(arc.label in NOUN_PHRASE_LABELS and arc.head >= k for j in range(cursor, k) for arc in doc.parents(j)):
        return cursor  # the capitals are words of the subject's own noun phrase ("BIG RED BUS tickets are sold out")
    return k


# Nouns that label news before a colon and that a tagger also reads as verbs ("Update on Montreal: I'm not going").
HEADER_NOUNS = frozenset({"update", "note", "recap", "reminder", "correction", "confession", "warning"})


def opens_a_header(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a header noun that the tagger read as a verb, heading a label that ends at a colon within a
    few words ("Update on Montreal: ...", "Note: ..."): news announced, not an order to update. With an object
    before the colon ("Note this: ...") it is still a verb; the clause after the colon, which the parser may hang on
    it, does not count."""
    if doc.tokens[k].lower not in HEADER_NOUNS:
        return False
    for j in range(k + 1, min(k + HEADER_MAX_WORDS + 2, len(doc.tokens))):
        if doc.tokens[j].text == ":":
            return not any(arc.label in ("dobj", "nsubj") and arc.dep < j for arc in doc.children(k))
        if doc.tokens[j].pos in ("VERB", "AUX", "PUNCT"):
            return False
    return False


# Labels inside a noun phrase: the phrase's first word hangs on its head by one of them ("Luca Giuseppe was born").
NOUN_PHRASE_LABELS = frozenset({"compound", "flat", "det", "amod", "poss", "nummod", "nmod"})


def _opens_a_subject(doc: ParsedDoc, k: int) -> bool:
    """Token ``k`` is a subject or begins one: from it up through its noun phrase to the phrase's head."""
    seen: set[int] = set()
    while k not in seen:
        seen.add(k)
        arcs = list(doc.parents(k))
        if any(arc.label in ("nsubj", "nsubjpass") for arc in arcs):
            return True
        inside = [arc.head for arc in arcs if arc.label in NOUN_PHRASE_LABELS]
        if not inside:
            return False
        k = inside[0]
    return False


def _after_mentions(doc: ParsedDoc, cursor: int) -> int:
    """Past leading @-mentions ("@Kai I finally finished my thesis"): whom the message is for, not its content."""
    k = cursor
    while k < len(doc.tokens) and doc.tokens[k].text.startswith("@") and len(doc.tokens[k].text) > 1:
        k = _past_punctuation(doc, k + 1)
    return k if k < len(doc.tokens) else cursor


# Words chat calls the listener by ("mate my car failed its MOT", "dude, I got the job"): no verb to ask them to do.
TERMS_OF_ADDRESS = frozenset({"mate", "dude", "bro", "bruh", "babe", "hun", "hon", "pal", "buddy", "lads", "guys", "sis"})


def _after_address(doc: ParsedDoc, cursor: int) -> int:
    """Past a leading term of address, with or without its comma, before a clause with its own subject ("mate my
    boiler broke again" had been read as asking the listener "to mate" the boiler)."""
    if cursor + 1 >= len(doc.tokens) or doc.tokens[cursor].lower not in TERMS_OF_ADDRESS:
        return cursor
    after = _past_punctuation(doc, cursor + 1)
    if after < len(doc.tokens) and (after > cursor + 1 or _opens_a_subject(doc, after)):
        return after
    return cursor


def _after_teaser(doc: ParsedDoc, cursor: int) -> int:
    """Past a teaser that announces the news ("omg guess what i got into grad school", "you know what, we're
    moving"), when a clause with its own subject follows it; "guess what happened" keeps its words."""
    k = cursor
    while k < len(doc.tokens) and (doc.tokens[k].lower in CHAT_INTERJECTIONS or doc.tokens[k].pos == "PUNCT"):
        k += 1
    for teaser in TEASERS:
        if tuple(t.lower for t in doc.tokens[k : k + len(teaser)]) != teaser:
            continue
        j = _past_punctuation(doc, k + len(teaser))
        if j < len(doc.tokens) and any(arc.label in ("nsubj", "nsubjpass") for arc in doc.parents(j)):
            return j
    return cursor


def _past_punctuation(doc: ParsedDoc, k: int) -> int:
    while k < len(doc.tokens) and doc.tokens[k].pos == "PUNCT":
        k += 1
    return k


def _names_the_subject(doc: ParsedDoc, start: int, end: int) -> bool:
    """A name before the comma is the sentence's subject, not the one addressed, when an apposition or the rest of
    a list follows it: "Anna, my sister, just got engaged", "Kwame, Priya and I are going", chat's "me, Nadia and
    Grace signed up". The parse also makes a
    vocative the subject of a verb whose own subject chat dropped ("Gina, hope you're well"), so being the subject
    alone says nothing."""
    return any(
        (doc.tokens[k].pos == "PROPN" or doc.tokens[k].lower == "me")  # "me, Nadia and Grace signed up"
        and any(arc.label in ("nsubj", "nsubjpass") for arc in doc.parents(k))
        and any(arc.label in ("appos", "conj") for arc in doc.children(k))
        for k in range(start, end)
    ) or _described_by_a_participle(doc, start, end)


def _described_by_a_participle(doc: ParsedDoc, start: int, end: int) -> bool:
    """A name before the comma that a past participle after it describes ("Isla Rose, born on the 28th of May, 7lb
    2oz"): the one the news is of, not one addressed."""
    return any(
        doc.tokens[k].pos == "PROPN" and any(
            arc.label == "acl" and arc.dep > end and doc.tokens[arc.dep].tag == "VBN" for arc in doc.children(k))
        for k in range(start, end)
    )


def split_clauses(doc: ParsedDoc, start: int, min_words: int) -> list[Clause]:
    """Clauses of the tokens from ``start`` on, in source order."""
    clauses: list[Clause] = []
    for n, (s_start, s_end) in enumerate(doc.sentences):
        s_start = past_an_opening(doc, max(s_start, start), s_end)
        s_end = before_a_closing_hedge(doc, s_start, s_end)
        if s_start >= s_end:
            continue
        words = sum(1 for t in doc.tokens[s_start:s_end] if t.pos != "PUNCT")
        cuts = [s_start]
        if words >= min_words:
            for k in range(s_start + 1, s_end - 1):
                if doc.tokens[k].text == "," and doc.tokens[k + 1].lower in SPLIT_CONJUNCTIONS:
                    cuts.append(k + 1)
        cuts.extend(k for k in range(s_start + 2, s_end)
                    if tag_question_at(doc, k, s_end) or request_after_a_statement_at(doc, k, s_end))
        cuts = sorted(set(cuts))
        cuts.append(s_end)
        clauses.extend(Clause(a, b, n) for a, b in zip(cuts, cuts[1:]) if b > a)
    return clauses


def is_event_on_its_own(doc: ParsedDoc, predicate: int) -> bool:
    """The predicate, with the particle it needs, tells a turning point of a life with no argument at all ("I quit",
    "we broke up", "she passed away": :data:`EVENTS_ON_THEIR_OWN`). Said among other sentences, such a headline was
    dropped for want of an object, and what was kept was the detail after it ("I quit. The new job starts Monday.")."""
    token = doc.tokens[predicate]
    particles = EVENTS_ON_THEIR_OWN.get(token.lemma)
    if particles is None or token.pos != "VERB":
        return False
    if any(arc.label == "mark" or doc.tokens[arc.dep].lower in ("when", "whenever") for arc in doc.children(predicate)):
        return False  # "when we arrived, ...": a clause that times another, no headline
    return not particles or any(
        arc.label in ("prt", "advmod", "compound:prt") and doc.tokens[arc.dep].lower in particles for arc in doc.children(predicate)
    )


# Same-form verbs of harm done to oneself: "I hurt my knee on Saturday" tells of a Saturday gone, no one plans it.
HARM_VERBS = frozenset({"hurt", "cut", "split", "burst"})
SINGULAR_PRONOUNS = frozenset({"he", "she", "it", "this", "that"})


def same_form_told_past(doc: ParsedDoc, verb: Token) -> bool:
    """A verb whose past is its present ("let", "hurt", "quit"), tagged present, that can only be past: its subject
    is one person or thing, who would "let"s or "quit"s in the present ("Trattoria Nonna let me go on Monday",
    "she quit on Friday"), it quits something ("I quit smoking in January"), or it tells of harm to one's own body
    ("I hurt my knee at netball on Saturday"). Not a
    verb hung on another ("I'll let Sam set the date"), "let me know", nor one whose "subject" is a name set off by a
    comma, which calls someone ("Sam, let me know by Friday")."""
    if verb.lower not in SAME_IN_PAST or verb.tag not in ("VBP", "VB") or verb.pos != "VERB":
        return False
    if any(arc.label in ("aux", "auxpass") for arc in doc.children(verb.i)):
        return False
    if any(arc.label in ("ccomp", "xcomp") for arc in doc.parents(verb.i)) or let_me_know(doc, verb):
        return False  # "I'll let Sam set the date", "Tom let us know by Friday": no tense of their own
    # a name set off by a comma is called, not the subject ("Sam, let me know by Friday")
    subjects = [doc.tokens[arc.dep] for arc in doc.children(verb.i) if arc.label == "nsubj"
                and not (arc.dep + 1 < len(doc.tokens) and doc.tokens[arc.dep + 1].text == ",")]
    if any(s.lower in SINGULAR_PRONOUNS or s.tag in ("NNP", "NN") for s in subjects):
        return not any(arc.label == "conj" for s in subjects for arc in doc.children(s.i))
    if verb.lower == "quit" and any(arc.label in ("dobj", "xcomp") for arc in doc.children(verb.i)):
        # "I quit smoking on New Year's Day": one quits a habit or a job once; not a habit of quitting ("I quit
        # every job after a year") nor a condition ("if I quit my job now ...")
        start, end = doc.sentences[verb.sent]
        said = {t.lower for t in doc.tokens[start:end]}
        conditional = any(arc.label == "mark" for arc in doc.children(verb.i))
        return not conditional and not said & {"every", "each", "always", "usually", "whenever"}
    objects = [doc.tokens[arc.dep] for arc in doc.children(verb.i) if arc.label == "dobj"]
    return verb.lower in HARM_VERBS and any(
        doc.tokens[arc.dep].lower in ("my", "our", "his", "her") for o in objects for arc in doc.children(o.i) if arc.label == "poss"
    )


def let_me_know(doc: ParsedDoc, verb: Token) -> bool:
    """"let me know", "let us know": chat's request, whatever the parse makes its subject."""
    words = [t.lower for t in doc.tokens[verb.i + 1 : verb.i + 3]]
    return verb.lower == "let" and len(words) == 2 and words[0] in ("me", "us") and words[1] == "know"
