"""Predicate candidates and their score S(p) = sum_r alpha_r I_r(p) + B(p) - P(p) (seed 000, Eq. 2, A.3, B.1).

Each role group counts at most once. The bonus B is a content cue (3.5, once), an identifiable actor (+0.5) and a
first-person actor (+0.5 more); the penalty P is a nested matrix predicate (1.5), a restrictive or nominal-modifier
embedding (6), an objectless light verb (2; a copula with a time or place complement is not one, nor "get" with
a named place or home, nor "do" with a day settled on) and the
absence of any informative argument (4). The last three are also hard filters, as is a negative score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memory_pipeline.extraction.clauses import Clause, is_event_on_its_own
from memory_pipeline.extraction.lexicon import (
    CHAT_INTERJECTIONS,
    CUE_LEMMAS,
    CUE_NOUNS,
    FIRST_PERSON,
    LIGHT_VERBS,
    MONEY_SIGNS,
    PLACE_ENTITIES,
    STATE_PARTICLES,
    STATES_OF_A_LIFE,
    VAGUE_ACTORS,
    is_a_code,
)
from memory_pipeline.parsing import ARGUMENT_ROLES, Arc, ParsedDoc, Role, Token

ROLE_WEIGHTS = {Role.PATIENT: 3.0, Role.ACTOR: 2.0, Role.TIME: 2.0, Role.PURPOSE: 2.0, Role.LOCATION: 1.0}
CUE_BONUS = 3.5
IDENTIFIABLE_ACTOR_BONUS = 0.5
FIRST_PERSON_BONUS = 0.5
NESTED_MATRIX_PENALTY = 1.5
EMBEDDING_PENALTY = 6.0
LIGHT_VERB_PENALTY = 2.0
NO_ARGUMENT_PENALTY = 4.0

# Arcs through which a controlled or coordinated predicate inherits its head's subject.
INHERITING_LABELS = frozenset({"conj", "xcomp", "advcl", "CONJ.member", "_and_c"})


@dataclass
class Candidate:
    predicate: int
    clause: Clause
    depth: int  # nested-clause depth below the sentence root
    groups: set[Role] = field(default_factory=set)
    actor: int | None = None  # the actor token, own or inherited
    own_actor: bool = False
    cue: bool = False
    penalties: dict[str, float] = field(default_factory=dict)
    span: set[int] = field(default_factory=set)
    score: float = 0.0

    @property
    def filtered(self) -> str | None:
        """Why a hard filter removes this candidate, or ``None``."""
        for reason in ("embedding", "light_verb", "no_argument"):
            if reason in self.penalties:
                return reason
        return "negative" if self.score < 0 else None


def is_predicate(doc: ParsedDoc, i: int) -> bool:
    """Verbs, and copulas or auxiliaries that head their own clause (not those that only help another verb)."""
    token = doc.tokens[i]
    if token.pos == "VERB":
        return not any(a.label in ("aux", "auxpass") for a in doc.parents(i))
    if token.pos == "AUX":
        return not any(a.label in ("aux", "auxpass", "mARG", "mAux") for a in doc.parents(i)) and bool(doc.children(i))
    return False


def _a_phrasal_verb_with_an_object(doc: ParsedDoc, predicate: int) -> bool:
    """A light verb with a particle and a preposition's object is a verb of its own: "I didn't get on with Tom",
    "I put up with it for years", "we made up with them" (the object hangs on the preposition, so the clause has
    no patient); so is "get into" ("Ama got into Imperial", "I got into running"), where the parse leaves no
    particle."""
    children = doc.children(predicate)
    objects = [arc.dep for arc in children if arc.label == "prep" and any(a.label == "pobj" for a in doc.children(arc.dep))]
    if doc.tokens[predicate].lemma == "get" and any(doc.tokens[k].lower == "into" for k in objects):
        return True
    return any(arc.label == "prt" for arc in children) and bool(objects)


def clause_depth(doc: ParsedDoc, i: int, limit: int = 16) -> int:
    """Number of clausal arcs between ``i`` and its sentence root."""
    depth, seen = 0, {i}
    current = i
    while limit > 0:
        parents = doc.parents(current)
        if not parents:
            return depth
        arc = parents[0]
        if arc.role in (Role.CLAUSE, Role.EMBED) or (arc.role in (Role.PURPOSE, Role.TIME) and is_predicate(doc, current)):
            depth += 1
        current = arc.head
        if current in seen:
            return depth
        seen.add(current)
        limit -= 1
    return depth


def find_actor(doc: ParsedDoc, i: int, hops: int = 3) -> tuple[int | None, bool]:
    """The actor of predicate ``i``: its own, or one inherited through coordination or control. A chat
    interjection the parser took for a subject ("omg just got the job") is none: the subject was dropped."""
    # the parse may hang the subject on the auxiliary ("My sister got engaged": "sister" under "got")
    helpers = [arc.dep for arc in doc.children(i) if arc.label in ("aux", "auxpass")]
    for arc in [*doc.children(i), *(a for h in helpers for a in doc.children(h))]:
        if arc.role is Role.ACTOR and doc.tokens[arc.dep].lower not in CHAT_INTERJECTIONS:
            return arc.dep, True
    if doc.tokens[i].tag == "VBG":
        # the possessor of a gerund is its subject, and the tagger reads chat's "Priya's leaving" (is) so too:
        # the one leaving is Priya, not the subject of the clause the gerund hangs on
        for arc in doc.children(i):
            if arc.label == "poss":
                return arc.dep, True
    current = i
    for _ in range(hops):
        parents = doc.parents(current)
        if not parents or parents[0].label not in INHERITING_LABELS:
            break
        current = parents[0].head
        for arc in doc.children(current):
            if arc.role is Role.ACTOR and doc.tokens[arc.dep].lower not in CHAT_INTERJECTIONS:
                return arc.dep, False
    return None, False


def build_span(doc: ParsedDoc, predicate: int, clause: Clause, clause_limit: int, np_limit: int) -> set[int]:
    """Tokens reached from ``predicate`` through permitted relations, inside its clause.

    Coordinated predicates are left to their own candidate; nested clauses are followed to ``clause_limit`` levels
    and noun phrases to ``np_limit`` levels (seed 000, B.1: 5 and 4), save the words that finish a phrase the span
    already holds (:func:`_finishes_its_phrase`).
    """
    span = {predicate}
    stack = [(predicate, 0, 0)]
    while stack:
        head, c_depth, n_depth = stack.pop()
        for arc in doc.children(head):
            dep = arc.dep
            if dep in span or not clause.start <= dep < clause.end:
                continue
            predicate_child = is_predicate(doc, dep)
            if arc.role is Role.COORD and predicate_child and not (
                _the_other_side_of_than(doc, head, dep) or _shares_its_heads_modal(doc, head, dep)
            ):
                continue
            if predicate_child:
                if c_depth + 1 > clause_limit:
                    continue
                span.add(dep)
                stack.append((dep, c_depth + 1, 0))
            else:
                if n_depth + 1 > np_limit and arc.role not in (Role.FUNCTION,) and not _finishes_its_phrase(doc, arc):
                    continue
                span.add(dep)
                stack.append((dep, c_depth, n_depth + 1))
    return span


def _the_other_side_of_than(doc: ParsedDoc, head: int, conj: int) -> bool:
    """The predicate ``conj``, coordinated with ``head``, is what it is preferred to ("I'll register now rather than
    wait", "we'd sooner drive than fly"): the parse coordinates the two with "than", but the second is no clause of
    its own, and without it the memory had ended on "rather than"."""
    coordinators = [a.dep for a in doc.children(head) if a.label == "cc" and head < a.dep < conj]
    return bool(coordinators) and doc.tokens[max(coordinators)].lower == "than"


def _shares_its_heads_modal(doc: ParsedDoc, head: int, conj: int) -> bool:
    """The bare verb ``conj``, coordinated with ``head`` under a modal or a "to" and with no subject of its own,
    shares them or says its own ("I'll reject their offer and go to the ombudsman", "I'm going to call them and
    complain", "I want to sell the bike and buy a new one", "I won't pay the fine and won't appeal"): said apart, it
    had lost what made it a plan ("Leo go to the ombudsman"), or been dropped for want of an argument ("complain").
    After a head with no modal ("my father in law had a fall and can't travel") it is still a unit of its own."""
    if doc.tokens[conj].tag != "VB" or any(arc.label in ("nsubj", "nsubjpass") for arc in doc.children(conj)):
        return False
    return any(arc.label == "aux" and doc.tokens[arc.dep].tag in ("MD", "TO") for arc in doc.children(head))


# The words before a noun that belong to it: "at the new place", "minus a small fee", "with my sister's kids".
NOUN_PREMODIFIERS = frozenset({"det", "amod", "compound", "nummod", "poss", "case", "predet"})


def _finishes_its_phrase(doc: ParsedDoc, arc: Arc) -> bool:
    """The arc's word finishes a phrase the span holds, however deep: the object of a preposition kept ("she was
    rude about Raf at dinner" had lost "dinner" and ended "at."), or a word before that object's noun ("at the
    Italian place"). A preposition kept without its object is no phrase, and its object is one word or a few."""
    if arc.label == "pobj":
        return True
    return arc.label in NOUN_PREMODIFIERS and arc.dep < arc.head and any(up.label == "pobj" for up in doc.parents(arc.head))


def has_cue(doc: ParsedDoc, predicate: int, span: set[int]) -> bool:
    if doc.tokens[predicate].lemma in CUE_LEMMAS:
        return True
    for k in span:
        token = doc.tokens[k]
        if token.ent or token.pos == "NUM" or token.text in MONEY_SIGNS or token.lemma in CUE_NOUNS:
            return True
    return False


def score_candidate(doc: ParsedDoc, predicate: int, clause: Clause, clause_limit: int, np_limit: int) -> Candidate:
    """Score one predicate; the penalties dictionary names every penalty that applied."""
    cand = Candidate(predicate=predicate, clause=clause, depth=clause_depth(doc, predicate))
    token = doc.tokens[predicate]
    children = doc.children(predicate)
    for arc in children:
        if arc.role in ARGUMENT_ROLES:
            cand.groups.add(arc.role)
        elif arc.role is Role.CLAUSE:  # a complement clause is the predicate's content (its object)
            cand.groups.add(Role.PATIENT)
    cand.actor, cand.own_actor = find_actor(doc, predicate)
    if cand.actor is not None:
        cand.groups.add(Role.ACTOR)
    cand.span = build_span(doc, predicate, clause, clause_limit, np_limit)
    head = _verbless_head(doc, predicate, clause)
    if head is not None:
        cand.span |= build_span(doc, head, clause, clause_limit, np_limit)
    cand.cue = has_cue(doc, predicate, cand.span)

    score = sum(ROLE_WEIGHTS[g] for g in cand.groups)
    if cand.cue:
        score += CUE_BONUS
    actor_word = doc.tokens[cand.actor].lower if cand.actor is not None else ""
    if cand.actor is not None and actor_word not in VAGUE_ACTORS:
        score += IDENTIFIABLE_ACTOR_BONUS
        if actor_word in FIRST_PERSON:
            score += FIRST_PERSON_BONUS
    if any(arc.role is Role.CLAUSE and is_predicate(doc, arc.dep) for arc in children):
        cand.penalties["nested_matrix"] = NESTED_MATRIX_PENALTY
    if any(arc.role is Role.EMBED for arc in doc.parents(predicate)) and not _clause_after_label(doc, predicate):
        cand.penalties["embedding"] = EMBEDDING_PENALTY
    no_longer = no_longer_so(doc, predicate)
    event = cand.actor is not None and is_event_on_its_own(doc, predicate)  # "I got in", "we broke up"
    # a turning point denied says nothing happened ("never give up", "I'm not giving up" cheer one on)
    happened = event and not any(arc.label == "neg" or doc.tokens[arc.dep].lower == "never" for arc in children)
    if token.lemma in LIGHT_VERBS and Role.PATIENT not in cand.groups and not (
        _copula_of_time_or_place(doc, token, cand) or no_longer or happened or _time_to_do(doc, predicate)
        or _got_through(doc, token) or _a_phrasal_verb_with_an_object(doc, predicate)
    ):
        cand.penalties["light_verb"] = LIGHT_VERB_PENALTY
    informative = bool(cand.groups - {Role.ACTOR}) or no_longer or _as_a_role(doc, predicate) or an_answer_given(
        doc, predicate) or _given_a_code(doc, predicate) or _with_one_named(doc, predicate) or _done_for_sure(doc, predicate)
    if not informative and (cand.actor is None or doc.tokens[cand.actor].pos == "PRON") and not event:
        cand.penalties["no_argument"] = NO_ARGUMENT_PENALTY
    cand.score = score - sum(cand.penalties.values())
    return cand


# Verbs of a mood or a mind: "I don't know anymore", "I don't care anymore", "it doesn't matter anymore", "I can't do
# this anymore" say how one feels, no change of anything
MIND_VERBS = frozenset({"know", "think", "understand", "remember", "see", "get", "mind", "recognise", "recognize",
                        "care", "matter", "feel", "trust", "bother", "do", "believe"})


# Verbs of work whose "as a <role>" is what they tell: "I work as a pharmacist", "she trained as a nurse"
WORKING_AS = frozenset({"work", "train", "start", "volunteer", "qualify", "freelance", "temp", "intern", "teach"})


def _as_a_role(doc: ParsedDoc, predicate: int) -> bool:
    """"I work as a pharmacist", "she trained as a nurse": the role a verb of work is done "as" is its argument,
    though the parse files it as a preposition (it had been dropped for the clauses beside it)."""
    if doc.tokens[predicate].lemma not in WORKING_AS:
        return False
    roles = [o.dep for arc in doc.children(predicate) if arc.label == "prep" and doc.tokens[arc.dep].lower == "as"
             for o in doc.children(arc.dep) if o.label == "pobj" and doc.tokens[o.dep].pos in ("NOUN", "PROPN")]
    return any(doc.tokens[d.dep].lower in ("a", "an") for k in roles for d in doc.children(k) if d.label == "det")


# Verbs that give an answer, and the answers they give: "but I said no", "she said yes", "we told them no", "voted yes".
ANSWERING = frozenset({"say", "tell", "vote"})
ANSWERS = frozenset({"no", "yes", "nope", "yeah", "yep", "nah"})


def an_answer_given(doc: ParsedDoc, predicate: int) -> bool:
    """"they offered me £9 a month but I said no": the answer is what the verb tells, though the parse files it as an
    interjection (the refusal had been dropped, and the memory told of an offer as if taken)."""
    return doc.tokens[predicate].lemma in ANSWERING and any(
        arc.label in ("intj", "dobj", "advmod") and doc.tokens[arc.dep].lower in ANSWERS for arc in doc.children(predicate)
    )


def _with_one_named(doc: ParsedDoc, predicate: int) -> bool:
    """"we're going with Fernleaf", "I'm sticking with Octopus", "I went with Tom": whom or what the verb is done with,
    named, is what it tells, though the parse files it as a modifier (the choice of a firm had been dropped beside
    the deposit paid to it)."""
    return any(
        arc.label == "prep" and doc.tokens[arc.dep].lower == "with" and any(
            o.label == "pobj" and (doc.tokens[o.dep].pos == "PROPN" or doc.tokens[o.dep].ent) for o in doc.children(arc.dep))
        for arc in doc.children(predicate)
    )


def _done_for_sure(doc: ParsedDoc, predicate: int) -> bool:
    """"I did attend", "we did go in the end": an emphatic "do" after the subject says the deed was done, against a
    doubt, and that is the news, object or none (it had been dropped beside what came of it). Not a question's
    "did" before its subject, nor a denial."""
    children = doc.children(predicate)
    subjects = [arc.dep for arc in children if arc.label == "nsubj"]
    return bool(subjects) and not any(arc.label == "neg" for arc in children) and any(
        arc.label == "aux" and doc.tokens[arc.dep].lemma == "do" and arc.dep > subjects[0] for arc in children
    )


def _given_a_code(doc: ParsedDoc, predicate: int) -> bool:
    """"I complained, case number DFS-448213", "I rang them, ref AB1234": the reference the deed was given, hung on
    the verb however the parse files it (a comma may make it punctuation), is what the verb tells; "I complained"
    alone is no argument, and the case number had been dropped with it."""
    return any(is_a_code(doc.tokens[arc.dep]) for arc in doc.children(predicate))


def _got_through(doc: ParsedDoc, verb: Token) -> bool:
    """"I got through the eulogy", "she got over the flu": "get" with "through" or "over" a thing is to endure or
    recover from it, no empty light verb (the sentence had kept only its "without crying")."""
    return verb.lemma == "get" and any(
        arc.label == "prep" and doc.tokens[arc.dep].lower in ("through", "over")
        and any(a.label == "pobj" for a in doc.children(arc.dep))
        for arc in doc.children(verb.i)
    )


def _time_to_do(doc: ParsedDoc, predicate: int) -> bool:
    """"I have three months to do the corrections", "we've got two weeks to decide": a light verb whose object is a
    length with what it is for is a deadline, the news of its sentence (it had been dropped beside "I passed")."""
    return any(
        arc.role is Role.TIME and any(
            c.label in ("relcl", "acl") and any(doc.tokens[a.dep].tag == "TO" for a in doc.children(c.dep))
            for c in doc.children(arc.dep)
        )
        for arc in doc.children(predicate)
    )


def no_longer_so(doc: ParsedDoc, predicate: int) -> bool:
    """The predicate says that something is over or will not be after all: "we're not moving after all", "I don't
    drink anymore", "I no longer drink", "I'm not pregnant anymore". With no object that is the whole news (the
    reason said after it is not), so it is kept as a fact, where a bare "we're moving" or "I drink" says too
    little without another sentence."""
    if doc.tokens[predicate].lemma in MIND_VERBS:
        return False  # "I don't know anymore": a mood, no change of anything
    children = doc.children(predicate)
    words = {doc.tokens[a.dep].lower for a in children}
    negated = any(a.label == "neg" for a in children) or "never" in words
    # "after all": the parse hangs "all" on "after" or "after" on "all"
    after_all = any(
        {doc.tokens[a.dep].lower, *(doc.tokens[o.dep].lower for o in doc.children(a.dep))} >= {"after", "all"} for a in children
    )
    no_more = "anymore" in words or any(doc.tokens[a.dep].lower == "more" and doc.tokens[a.dep - 1].lower == "any"
                                        for a in children if a.dep > 0)
    longer = any(
        doc.tokens[a.dep].lower == "longer" and any(doc.tokens[n.dep].lower == "no" for n in doc.children(a.dep)) for a in children
    )
    return longer or (negated and (after_all or no_more))


FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP"})
MODIFYING_CLAUSES = frozenset({"advcl", "acl", "relcl"})


def _verbless_head(doc: ParsedDoc, predicate: int, clause: Clause) -> int | None:
    """The noun that heads a verbless sentence and that ``predicate``'s clause modifies ("Last check-in before
    Halvorsen starts": the check-in is what is said, the clause only says when), or None. Its noun phrase belongs in
    the predicate's span: without it the memory was "before Halvorsen starts". A label before a colon ("Update: I
    sold my car") is left out, as it frames the clause rather than being what it says."""
    arc = next((a for a in doc.parents(predicate) if a.label in MODIFYING_CLAUSES), None)
    if arc is None or not clause.start <= arc.head < clause.end:
        return None
    head = doc.tokens[arc.head]
    if head.pos not in ("NOUN", "PROPN") or doc.parents(head.i):
        return None
    following = doc.tokens[head.i + 1] if head.i + 1 < len(doc.tokens) else None
    return None if following is not None and following.text == ":" else head.i


def _clause_after_label(doc: ParsedDoc, predicate: int) -> bool:
    """A finite verb with a subject of its own that the parse hangs on the label before a colon: "Update: I sold
    my car", "Bad news: ... I dropped out" read the label as the sentence's head; so is a verb right after the
    colon whose subject chat dropped ("Weekend plan: hiking with Sam"). It is a clause of its own, not an embedded
    one. Only after a colon: elsewhere such a parse is as likely a clause that does modify ("your show
    - the community needs more like it")."""
    labels = [arc.head for arc in doc.parents(predicate) if arc.label == "acl"]
    if any(label + 2 == predicate and doc.tokens[label + 1].text == ":" for label in labels):
        return True  # right after the colon, its "I" dropped: "new year thing: doing dry january" ("dry" had gone)
    # finite itself, or through its auxiliary: "Baby update: Luca was born on April 22" is a passive
    verbs = [predicate, *(arc.dep for arc in doc.children(predicate) if arc.label in ("aux", "auxpass"))]
    return (
        any(doc.tokens[k].tag in FINITE_TAGS for k in verbs)
        and any(label + 1 < predicate and doc.tokens[label + 1].text == ":" for label in labels)
        and any(arc.label in ("nsubj", "nsubjpass") for arc in doc.children(predicate))
    )


def _copula_of_time_or_place(doc: ParsedDoc, token, cand: Candidate) -> bool:
    """"My birthday is on March 3rd", "my mom is in the hospital": the copula's complement is a time or a place,
    which the parse files as an argument, not as an object, or a state of a life ("I'm pregnant"); such a "be" says
    something and is no empty light verb.
    Nor is "get" with a named place or home, where it means arriving ("just got back from Japan", "got home at
    3"); "getting there", "get back to you" and "got off to a bad start" name no place and stay light."""
    if token.lemma == "be":
        return (bool(cand.groups & {Role.TIME, Role.LOCATION}) or _a_state_by_a_particle(doc, token, cand)
                or _a_state_of_a_life(doc, token))
    if token.lemma == "do" and Role.TIME in cand.groups:
        return True  # a day settled on: "so we're doing Saturday 20 July at Tunde's", "let's do the 12th"
    return token.lemma == "get" and Role.LOCATION in cand.groups and any(
        k != token.i and (doc.tokens[k].ent in PLACE_ENTITIES or doc.tokens[k].lower == "home") for k in cand.span
    )


def _a_state_of_a_life(doc: ParsedDoc, token) -> bool:
    """"I'm pregnant", "I'm not pregnant", "he's sober now": a copula whose complement is a state of a life
    (:data:`STATES_OF_A_LIFE`); not a feeling about something ("sick of it" is no illness)."""
    return any(
        arc.label in ("acomp", "attr") and doc.tokens[arc.dep].lower in STATES_OF_A_LIFE
        and not any(a.label == "prep" for a in doc.children(arc.dep))
        for arc in doc.children(token.i)
    )


def _a_state_by_a_particle(doc: ParsedDoc, token, cand: Candidate) -> bool:
    """"The wedding is off", "the trip's back on", "shed's up!!", "the box balls are out": a thing named (not "it")
    said to be in a state by a particle alone (:data:`STATE_PARTICLES`), which is news of it. Beside another clause
    it had been dropped as an objectless "be" ("shed's up!! harold was a star" kept only Harold)."""
    subject = doc.tokens[cand.actor] if cand.actor is not None else None
    if subject is None or subject.pos not in ("NOUN", "PROPN") or subject.lower in VAGUE_ACTORS:
        return False
    return any(
        arc.label in ("advmod", "prt", "acomp", "prep") and doc.tokens[arc.dep].lower in STATE_PARTICLES
        and not doc.children(arc.dep)
        for arc in doc.children(token.i)
    )


def candidates_for(doc: ParsedDoc, clause: Clause, clause_limit: int, np_limit: int) -> list[Candidate]:
    """Scored candidates of one clause that pass the hard filters, best first (score, span length, position)."""
    scored = []
    for i in range(clause.start, clause.end):
        if not is_predicate(doc, i):
            continue
        cand = score_candidate(doc, i, clause, clause_limit, np_limit)
        if cand.depth > clause_limit or cand.filtered:
            continue
        scored.append(cand)
    scored.sort(key=lambda c: (-c.score, -len(c.span), c.predicate))
    return scored
