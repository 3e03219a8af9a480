"""HanLP backend (the ``hanlp`` extra): the toolkit seed 000 used, with semantic dependencies.

``hanlp.load`` takes a model id (a name from ``hanlp.pretrained`` or a URL) or a local model folder, as set in
``ParserConfig.hanlp_model``. Semantic dependency labels are mapped onto the extractor's role groups by
:func:`~memory_pipeline.parsing.roles.map_semantic_label` (PSD, DM and SemEval-2016 label sets). The
conversion from HanLP's output to :class:`ParsedDoc` is a pure function of that output, so it is tested against a
recorded HanLP document without the model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from memory_pipeline.config import ParserConfig
from memory_pipeline.parsing.base import Arc, Entity, ParsedDoc, Token, char_offsets
from memory_pipeline.parsing.roles import map_semantic_label

# The English multi-task model predicts tok, lem, pos (PTB), ner, srl, dep (UD), sdp (DM, PAS, PSD), con.
DEFAULT_HANLP_MODEL = "EN_TOK_LEM_POS_NER_SRL_UDEP_SDP_CON_MODERNBERT_BASE"

# Task keys differ between HanLP's English and Chinese models; the first present one is used.
TASK_KEYS = {
    "tok": ("tok", "tok/fine", "tok/coarse"),
    "lem": ("lem",),
    "pos": ("pos", "pos/ctb", "pos/pku", "pos/863"),
    "ner": ("ner", "ner/ontonotes", "ner/msra", "ner/pku"),
    "sdp": ("sdp/psd", "sdp", "sdp/dm", "sdp/pas"),
}

# Fine tags to universal POS: Penn Treebank (English) and Penn Chinese Treebank.
PTB_UPOS = {
    **dict.fromkeys(("VB", "VBD", "VBG", "VBN", "VBP", "VBZ"), "VERB"),
    **dict.fromkeys(("NN", "NNS"), "NOUN"),
    **dict.fromkeys(("NNP", "NNPS"), "PROPN"),
    **dict.fromkeys(("PRP", "PRP$", "WP", "WP$", "EX"), "PRON"),
    **dict.fromkeys(("JJ", "JJR", "JJS"), "ADJ"),
    **dict.fromkeys(("RB", "RBR", "RBS", "WRB"), "ADV"),
    **dict.fromkeys(("DT", "PDT", "WDT"), "DET"),
    "IN": "ADP", "TO": "PART", "RP": "ADP", "MD": "AUX", "CC": "CCONJ", "CD": "NUM", "UH": "INTJ", "POS": "PART",
    **dict.fromkeys((".", ",", ":", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP", "$", "#"), "PUNCT"),
    **dict.fromkeys(("VV", "VA", "VC", "VE"), "VERB"),
    **dict.fromkeys(("NN", "NT", "M"), "NOUN"),
    "NR": "PROPN", "PN": "PRON", "AD": "ADV", "P": "ADP", "OD": "NUM", "LC": "ADP", "CS": "SCONJ", "PU": "PUNCT",
    **dict.fromkeys(("DEG", "DEC", "DER", "DEV", "AS", "SP", "MSP", "ETC"), "PART"),
    "IJ": "INTJ",
}
AUXILIARIES = frozenset({"be", "have", "do", "will", "would", "can", "could", "shall", "should", "may", "might", "must"})


def _task(sentence_output: Mapping, task: str) -> list | None:
    for key in TASK_KEYS[task]:
        if key in sentence_output and sentence_output[key] is not None:
            return list(sentence_output[key])
    return None


def hanlp_to_parsed_doc(text: str, sentences: Sequence[Mapping]) -> ParsedDoc:
    """Build a :class:`ParsedDoc` from HanLP's per-sentence outputs (one mapping of task -> value per sentence).

    ``sdp`` is a list, per token, of ``(head, label)`` pairs with 1-based heads and 0 for the root; ``ner`` holds
    ``(text, label, start, end)`` tuples with token offsets inside the sentence.
    """
    words: list[str] = []
    for sent in sentences:
        words.extend(_task(sent, "tok") or [])
    placement = char_offsets(text, words)

    tokens: list[Token] = []
    arcs: list[Arc] = []
    entities: list[Entity] = []
    spans: list[tuple[int, int]] = []
    roots: list[int] = []
    offset = 0
    for n, sent in enumerate(sentences):
        toks = _task(sent, "tok") or []
        lems = _task(sent, "lem") or [t.lower() for t in toks]
        tags = _task(sent, "pos") or ["X"] * len(toks)
        ent_of: dict[int, str] = {}
        for ent_text, label, start, end in _task(sent, "ner") or []:
            entities.append(Entity(offset + start, offset + end, label, ent_text))
            for k in range(start, end):
                ent_of[k] = label
        for k, word in enumerate(toks):
            idx, space = placement[offset + k]
            upos = PTB_UPOS.get(tags[k], tags[k])
            if upos == "VERB" and lems[k].lower() in AUXILIARIES:
                upos = "AUX"
            tokens.append(
                Token(offset + k, word, lems[k].lower(), upos, tags[k], idx, space, ent_of.get(k, ""), n)
            )
        root = None
        for k, heads in enumerate(_task(sent, "sdp") or []):
            for head, label in heads:
                if head == 0:
                    root = offset + k if root is None else root
                    continue
                arcs.append(Arc(offset + head - 1, offset + k, label, map_semantic_label(label)))
        spans.append((offset, offset + len(toks)))
        roots.append(root if root is not None else _first_predicate(tokens, offset, offset + len(toks)))
        offset += len(toks)
    return ParsedDoc(
        text=text,
        tokens=tuple(tokens),
        arcs=tuple(arcs),
        entities=tuple(entities),
        sentences=tuple(spans),
        roots=tuple(roots),
    )


def _first_predicate(tokens: list[Token], start: int, end: int) -> int:
    for token in tokens[start:end]:
        if token.pos in ("VERB", "AUX"):
            return token.i
    return start


@dataclass
class HanLPParser:
    """A loaded HanLP multi-task model. Sentences are split with HanLP's own rule splitter before the model runs."""

    model_id: str
    batch_size: int = 64
    model: object = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.model is None:
            try:
                import hanlp
            except ImportError as exc:  # the optional extra is not installed
                raise ImportError("the HanLP backend needs the 'hanlp' extra: pip install 'memory-pipeline[hanlp]'") from exc
            self.model = hanlp.load(self.model_id)

    @property
    def name(self) -> str:
        return f"hanlp:{self.model_id}"

    def parse(self, text: str) -> ParsedDoc:
        return self.parse_batch([text])[0]

    def parse_batch(self, texts: Sequence[str]) -> list[ParsedDoc]:
        from hanlp.utils.rules import split_sentence

        per_text = [[s for s in split_sentence(text) if s.strip()] for text in texts]
        flat = [s for sents in per_text for s in sents]
        outputs: list[Mapping] = []
        for start in range(0, len(flat), self.batch_size):
            chunk = flat[start : start + self.batch_size]
            document = self.model(chunk)
            outputs.extend({key: value[k] for key, value in document.items()} for k in range(len(chunk)))
        docs: list[ParsedDoc] = []
        cursor = 0
        for text, sents in zip(texts, per_text):
            docs.append(hanlp_to_parsed_doc(text, outputs[cursor : cursor + len(sents)]))
            cursor += len(sents)
        return docs


def load_hanlp_parser(config: ParserConfig) -> HanLPParser:
    return HanLPParser(model_id=config.hanlp_model or DEFAULT_HANLP_MODEL, batch_size=config.batch_size)

