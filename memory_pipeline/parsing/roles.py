"""Role groups of seed 000 (§3.2) and the mapping of each backend's labels onto them.

The scoring equation counts five argument groups (patient/object, actor, time, purpose/reason/condition,
location). The realisation rules additionally need to know which arcs are nested clauses, restrictive or
nominal-modifier embeddings, coordinations, plain modifiers and function words; those are the structural
groups below. A label that fits nowhere is ``OTHER`` and is still followed when a span is built.
"""

from __future__ import annotations

from enum import Enum


class Role(str, Enum):
    PATIENT = "patient"
    ACTOR = "actor"
    TIME = "time"
    PURPOSE = "purpose"  # purpose, reason or condition
    LOCATION = "location"
    CLAUSE = "clause"  # nested complement clause
    EMBED = "embed"  # restrictive or nominal-modifier embedding (relative clause, participial modifier)
    COORD = "coord"
    MODIFIER = "modifier"
    FUNCTION = "function"  # auxiliaries, markers, determiners, negation, punctuation
    OTHER = "other"


ARGUMENT_ROLES = (Role.PATIENT, Role.ACTOR, Role.TIME, Role.PURPOSE, Role.LOCATION)

# --- spaCy (ClearNLP-style English dependencies) --------------------------------------------------------------
SPACY_DIRECT: dict[str, Role] = {
    "nsubj": Role.ACTOR,
    "csubj": Role.ACTOR,
    "agent": Role.ACTOR,
    "expl": Role.FUNCTION,
    "nsubjpass": Role.PATIENT,
    "csubjpass": Role.PATIENT,
    "dobj": Role.PATIENT,
    "obj": Role.PATIENT,
    "iobj": Role.PATIENT,
    "dative": Role.PATIENT,
    "attr": Role.PATIENT,
    "oprd": Role.PATIENT,
    "acomp": Role.PATIENT,
    "ccomp": Role.CLAUSE,
    "xcomp": Role.CLAUSE,
    "pcomp": Role.CLAUSE,
    "parataxis": Role.CLAUSE,
    "relcl": Role.EMBED,
    "acl": Role.EMBED,
    "conj": Role.COORD,
    "appos": Role.MODIFIER,
    "amod": Role.MODIFIER,
    "compound": Role.MODIFIER,
    "nummod": Role.MODIFIER,
    "quantmod": Role.MODIFIER,
    "poss": Role.MODIFIER,
    "nmod": Role.MODIFIER,
    "npadvmod": Role.MODIFIER,
    "advmod": Role.MODIFIER,
    "pobj": Role.MODIFIER,
    "prt": Role.FUNCTION,
    "neg": Role.FUNCTION,
    "aux": Role.FUNCTION,
    "auxpass": Role.FUNCTION,
    "det": Role.FUNCTION,
    "predet": Role.FUNCTION,
    "case": Role.FUNCTION,
    "mark": Role.FUNCTION,
    "cc": Role.FUNCTION,
    "preconj": Role.FUNCTION,
    "punct": Role.FUNCTION,
    "intj": Role.FUNCTION,
    "dep": Role.OTHER,
    "meta": Role.OTHER,
}

# Prepositions and subordinators that decide the group of a prepositional phrase or adverbial clause.
SPATIAL_PREPOSITIONS = frozenset(
    "in at to into onto from near on around across through inside outside towards toward over under behind "
    "beside between along off up down within throughout beyond past by out".split()
)
PURPOSE_PREPOSITIONS = frozenset({"for", "because", "due", "despite", "without", "unless"})
TIME_PREPOSITIONS = frozenset({"since", "until", "till", "during", "before", "after"})
TIME_MARKERS = frozenset({"when", "whenever", "while", "after", "before", "until", "till", "since", "once", "as"})
PURPOSE_MARKERS = frozenset({"because", "if", "unless", "so", "though", "although", "whether", "cause", "cos", "in"})
TIME_WORDS = frozenset(
    "yesterday today tonight tomorrow now recently lately soon later earlier ago already currently nowadays "
    "then once weekend morning evening night afternoon week month year day days weeks months years".split()
)
PLACE_WORDS = frozenset({"here", "there", "home", "abroad", "outside", "inside", "away", "back", "downtown", "overseas"})
TIME_ENTITIES = frozenset({"DATE", "TIME"})

# --- HanLP semantic dependencies --------------------------------------------------------------------------------
# English PSD (Prague semantic dependencies), the most semantic of the three English SDP formats HanLP predicts.
PSD: dict[str, Role] = {
    "ACT-arg": Role.ACTOR,
    "PAT-arg": Role.PATIENT,
    "ADDR-arg": Role.PATIENT,
    "EFF-arg": Role.PATIENT,
    "ORIG-arg": Role.PATIENT,
    "CPHR-arg": Role.PATIENT,
    "DPHR-arg": Role.PATIENT,
    "TWHEN": Role.TIME,
    "TSIN": Role.TIME,
    "TTILL": Role.TIME,
    "TFHL": Role.TIME,
    "THL": Role.TIME,
    "THO": Role.TIME,
    "TPAR": Role.TIME,
    "TFRWH": Role.TIME,
    "TOWH": Role.TIME,
    "LOC": Role.LOCATION,
    "DIR1": Role.LOCATION,
    "DIR2": Role.LOCATION,
    "DIR3": Role.LOCATION,
    "AIM": Role.PURPOSE,
    "CAUS": Role.PURPOSE,
    "COND": Role.PURPOSE,
    "CNCS": Role.PURPOSE,
    "INTT": Role.PURPOSE,
    "RSTR": Role.MODIFIER,
    "APP": Role.MODIFIER,
    "MANN": Role.MODIFIER,
    "MEANS": Role.MODIFIER,
    "ACMP": Role.MODIFIER,
    "BEN": Role.MODIFIER,
    "EXT": Role.MODIFIER,
    "MAT": Role.MODIFIER,
    "REG": Role.MODIFIER,
    "CRIT": Role.MODIFIER,
    "ID": Role.MODIFIER,
    "RHEM": Role.FUNCTION,
    "CONJ.member": Role.COORD,
    "DISJ.member": Role.COORD,
    "ADVS.member": Role.COORD,
    "APPS.member": Role.MODIFIER,
    "PAR": Role.CLAUSE,
    "PRED": Role.CLAUSE,
}
# English DM (DELPH-IN MRS-derived): numbered arguments, first one mostly the agent.
DM: dict[str, Role] = {
    "ARG1": Role.ACTOR,
    "ARG2": Role.PATIENT,
    "ARG3": Role.PATIENT,
    "ARG4": Role.PATIENT,
    "loc": Role.LOCATION,
    "BV": Role.FUNCTION,
    "neg": Role.FUNCTION,
    "compound": Role.MODIFIER,
    "poss": Role.MODIFIER,
    "mwe": Role.MODIFIER,
    "times": Role.MODIFIER,
    "measure": Role.MODIFIER,
    "appos": Role.MODIFIER,
    "subord": Role.CLAUSE,
    "_and_c": Role.COORD,
    "_or_c": Role.COORD,
    "_but_c": Role.COORD,
}
# Chinese SemEval-2016 semantic dependencies (HanLP's Chinese ``sdp`` task).
SEMEVAL16: dict[str, Role] = {
    **{k: Role.ACTOR for k in ("Agt", "Exp", "Aft", "Poss")},
    **{k: Role.PATIENT for k in ("Pat", "Cont", "Prod", "Orig", "Datv", "Comp", "Belg", "Clas", "Accd")},
    **{k: Role.TIME for k in ("Time", "Tini", "Tfin", "Tdur", "Trang")},
    **{k: Role.LOCATION for k in ("Loc", "Lini", "Lfin", "Lthru", "Dir")},
    **{k: Role.PURPOSE for k in ("Reas", "Int", "Cond", "eCau", "eCond", "ePurp", "eSupp", "eResu", "eInf")},
    **{k: Role.MODIFIER for k in ("Desc", "Host", "Nmod", "Tmod", "Quan", "Qp", "Freq", "Seq", "Mann", "Tool", "Malt", "Sco", "Stat")},
    **{k: Role.COORD for k in ("eCoo", "eSelt", "eEqu", "ePrec", "eSucc", "eProg", "eAdvt", "eMetd", "eConc", "eRect")},
}


def map_semantic_label(label: str) -> Role:
    """Role group of one HanLP semantic dependency label (PSD, DM or SemEval-2016)."""
    if label in PSD:
        return PSD[label]
    if label in DM:
        return DM[label]
    if label.startswith("_") and label.endswith("_c"):  # DM coordination labels (_and_c, _then_c, ...)
        return Role.COORD
    if label in SEMEVAL16:
        return SEMEVAL16[label]
    if label[:1] == "m" and label[1:2].isupper():  # SemEval-2016 markers: mPunc, mNeg, mAux, mTime, ...
        return Role.FUNCTION
    if label[:1] == "r" and label[1:2].isupper():  # reverse relation: the head is embedded in its dependent
        return Role.EMBED
    if label[:1] == "d" and label[1:2].isupper():  # nested event relation: dCont, dAgt, ...
        return Role.CLAUSE
    if label.startswith("ARG"):
        return Role.PATIENT
    return Role.OTHER


def spacy_role(token) -> Role:
    """Role group of the arc from ``token.head`` to ``token`` in a spaCy parse.

    Prepositional phrases, adverbial clauses and bare adverbials carry their group in their words, not in the
    label (``prep`` is spatial in "went to Paris", temporal in "after work", purposive in "for my son"), so those
    labels are decided from the preposition, the subordinator or the entity type of the object.
    """
    label = token.dep_
    if label == "prep":
        word = token.lower_
        objects = [c for c in token.children if c.dep_ in ("pobj", "pcomp")]
        if word in TIME_PREPOSITIONS or any(_is_time(o) for o in objects):
            return Role.TIME
        if word in PURPOSE_PREPOSITIONS:
            return Role.PURPOSE
        if word in ("about", "of", "regarding"):
            return Role.PATIENT
        if word in SPATIAL_PREPOSITIONS:
            return Role.LOCATION
        return Role.MODIFIER
    if label == "advcl":
        markers = {c.lower_ for c in token.children if c.dep_ in ("mark", "advmod") and c.i < token.i}
        if markers & TIME_MARKERS:
            return Role.TIME
        if markers & PURPOSE_MARKERS or any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children):
            return Role.PURPOSE
        return Role.CLAUSE
    if label in ("npadvmod", "advmod", "tmod", "obl"):
        if _is_time(token):
            return Role.TIME
        if token.lower_ in PLACE_WORDS:
            return Role.LOCATION
        return Role.MODIFIER
    if label in ("dobj", "obj") and token.ent_type_ in TIME_ENTITIES:
        return Role.TIME
    return SPACY_DIRECT.get(label, Role.OTHER)


def _is_time(token) -> bool:
    return token.ent_type_ in TIME_ENTITIES or token.lower_ in TIME_WORDS
