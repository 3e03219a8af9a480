"""Privacy scope of a memory (seed 004, Table 1), decided from its own words and entities.

USER_PII (health, identity, finances, contacts) wins over INTERNAL (devices, apps, platform data), which wins
over EXTERNAL (products, places, public entities); anything else is GENERIC. The most sensitive scope present
is the one that governs how the memory may be enriched or shared.
"""

from __future__ import annotations

import re

from memory_pipeline.extraction.lexicon import BODY_PARTS, CONDITIONS, INJURY_VERBS, is_medicine
from memory_pipeline.parsing import ParsedDoc

USER_PII = "USER_PII"
INTERNAL = "INTERNAL"
EXTERNAL = "EXTERNAL"
GENERIC = "GENERIC"

# "cold" is as often the weather; words of health with a common other sense ("a stroke of luck", "a bypass round
# the village", "intolerant of other views", "a bit ocd about spreadsheets") count only in HEALTH_PHRASES
HEALTH = CONDITIONS - {"cold"} | frozenset(
    """sick ill illness disease doctor hospital therapy therapist diagnosis diagnose surgery injury injure hurt pain
    medication medicine pregnant pregnancy allergy allergic cancer depression depressed anxiety mental health
    clinic nurse symptom recovery recover diabetes asthma disorder adhd autism treatment prescription
    counselor counseling miscarriage gp surgeon physio physiotherapy cbt counsellor counselling psychiatrist
    psychologist ultrasound xray mri biopsy smear sti std hiv uti hrt dementia alzheimers seizure epilepsy ibs
    celiac coeliac intolerance lump ivf fertility chemo chemotherapy radiotherapy inhaler epipen meds antibiotics
    antidepressants painkillers diagnosed prescribed bipolar ptsd anorexia bulimia sobriety addiction contraception
    contraceptive menopause shingles hayfever a&e""".split()
)
# Words and phrases that say health in the memory's text ("heart attack", "had a stroke", "alzheimer's", which the
# tokenizer splits)
HEALTH_PHRASES = re.compile(
    r"\b(?:heart attack|panic attack|blood test|blood pressure|mental health|eating disorder|self[- ]harm"
    r"|(?:on|off|came off|coming off) the pill|morning sickness|(?:in|into) lab(?:ou|o)r|(?:had|has|have|having) a (?:mini[- ])?stroke(?! of\b)"
    r"|(?:heart|triple|double|gastric) bypass|bypass surgery|(?:lactose|gluten) intolerant|in rehab|relapsed"
    r"|hay fever|x-ray|alzheimer|parkinson|crohn|\w{4,}(?:itis|osis|iasis))",
    re.IGNORECASE,
)
IDENTITY = frozenset(
    """transgender trans gay lesbian bisexual queer lgbtq lgbt nonbinary non-binary identity religion religious
    christian muslim jewish hindu buddhist atheist ethnicity race nationality immigrant citizenship transition
    transitioning birthday born age sexuality orientation""".split()
)
FINANCES = frozenset(
    """money salary income debt loan mortgage rent bank savings budget afford credit tax taxes invest investment
    paycheck wage wages bankrupt finances financial pension insurance""".split()
)
CONTACT_PHRASES = ("phone number", "email", "e-mail", "home address", "my address", "contact details")
# One's own number, said without "phone" ("my new number is ...", "what's your mobile number?"), not a number of
# something ("my number of followers").
OWN_NUMBER = re.compile(r"\b(?:my|your|his|her|their|new|old|mobile|cell|landline|work) (?:mobile |cell )?number\b(?! of\b)")
# What opens an account: a memory that says one's password or PIN says a secret, whatever the rest of it is
# (the words as written: "pinned" is no PIN).
CREDENTIALS = frozenset({"password", "passcode", "passphrase", "pin", "passwords"})
# A social handle ("my Instagram is @patcooks"), where the memory says it is one: a bare "@sam" calls someone in a
# group chat.
HANDLE = re.compile(r"(?<![\w@])@[a-z0-9_]{3,}")
HANDLE_WORDS = frozenset({"handle", "username", "instagram", "insta", "ig", "twitter", "tiktok", "snapchat", "threads"})
DEVICES_APPS = frozenset(
    """phone smartphone laptop computer pc app apps tablet ipad iphone android software website account
    settings notification device smartwatch console playstation xbox router wifi browser instagram facebook
    twitter tiktok youtube whatsapp spotify netflix""".split()
)
EXTERNAL_ENTITIES = frozenset({"GPE", "LOC", "FAC", "ORG", "PRODUCT", "WORK_OF_ART", "EVENT", "NORP", "LAW", "LANGUAGE"})
# Money in figures, by symbol ("$5,000", "€52k") or by name ("52,000 euros", "68k dollars", "300 bucks"; not a
# bare "68k", which is as often a race: "a 10k"), an age, an e-mail address, a phone number: North American
# ("555-123-4567"), or national with its trunk "0" or international with its "+" code, in groups as people write them
# ("07700 900456", "+44 7700 900789", "(020) 7946 0018").
MONEY_WORDS = r"(?:euros?|dollars?|bucks|pounds|quid|usd|eur|gbp|cad|aud|yen|yuan|rupees?|francs?|kronor|krona)"
PHONE_NUMBERS = (
    r"\b\d{3}[-. ]\d{3,4}[-. ]\d{4}\b"
    r"|(?<![\w+])(?:\+\d{1,3}[ .-]?\(?\d{1,4}\)?|\(?0\d{2,4}\)?)(?:[ .-]?\d{3,4}){1,3}\b"
)
PII_PATTERNS = re.compile(
    rf"[$€£¥₹]\s?\d|\b\d[\d,.]*\s?[km]?\s?{MONEY_WORDS}\b|\b\d+\s*(?:years?|yrs?)\s+old\b|@\w+\.\w+|"
    + PHONE_NUMBERS,
    re.IGNORECASE,
)


def classify_scope(doc: ParsedDoc, ranges: list[tuple[int, int]]) -> str:
    """The scope of the memory realised from token ``ranges`` of ``doc``."""
    tokens = [doc.tokens[k] for start, end in ranges for k in range(start, end)]
    words = {t.lower for t in tokens} | {t.lemma for t in tokens}
    text = " ".join(doc.span_text(start, end) for start, end in ranges).lower()
    if words & (HEALTH | IDENTITY | FINANCES) or PII_PATTERNS.search(text) or _of_health(tokens, text):
        return USER_PII
    if any(phrase in text for phrase in CONTACT_PHRASES) or OWN_NUMBER.search(text) or _a_secret_or_handle(tokens, text):
        return USER_PII
    if words & DEVICES_APPS:
        return INTERNAL
    if any(t.ent in EXTERNAL_ENTITIES for t in tokens):
        return EXTERNAL
    return GENERIC


def _a_secret_or_handle(tokens, text: str) -> bool:
    lowers = {t.lower for t in tokens}
    return bool(lowers & CREDENTIALS) or (bool(HANDLE.search(text)) and bool(lowers & HANDLE_WORDS))


def _of_health(tokens, text: str) -> bool:
    """A medicine ("sertraline 50mg"), an injury to the body ("broke my wrist") or a phrase of health ("heart
    attack"): a memory of one's health is private however few of the words of :data:`HEALTH` it says."""
    injured = any(t.lemma in INJURY_VERBS for t in tokens) and any(t.lower in BODY_PARTS and t.pos == "NOUN" for t in tokens)
    return injured or any(is_medicine(t.lower) for t in tokens) or bool(HEALTH_PHRASES.search(text))
