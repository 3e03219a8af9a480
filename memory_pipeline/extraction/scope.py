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
# One's own number, said without "phone" ("my new number is ...", "what's your mobile number?", "my Dutch number"),
# not a number of something or a number that is no one's line ("my number of followers", "her number one fan", "my
# number plate", "my lucky number").
OWN_NUMBER = re.compile(
    r"\b(?:my|your|his|her|their|our)\s+(?:(?!lucky|favou?rite|jersey|shirt|room|seat|flight|house|bus|order|"
    r"tracking)[a-z]+\s+)?number\b(?!\s+(?:of|one|two|1|plate|plates)\b)"
)
# A secret said: a password, passcode or PIN with what it is ("my Netflix password is hunter2", "pin: 4321"), not
# one forgotten or a pin of a badge.
SECRET = re.compile(r"\b(?:password|passcode|passphrase)\s*(?:is|was|:|=)\s*\S|\bpin(?:\s+(?:number|code))?\s*(?:is|was|:|=)\s*\d")
# One's social handle ("my Instagram is @patcooks", "her handle's @ivy.lifts"): not a bare "@sam", which calls
# someone in a group chat, nor a public account named ("follow @nasa").
HANDLE = re.compile(
    r"\b(?:my|your|his|her|their|our)\s+(?:new\s+|old\s+)?(?:instagram|insta|ig|twitter|tiktok|snapchat|threads|"
    r"handle|username)\b[^.!?@]{0,20}(?<![\w@])@[a-z0-9_.]{3,}"
)
DEVICES_APPS = frozenset(
    """phone smartphone laptop computer pc app apps tablet ipad iphone android software website account password
    settings notification device smartwatch console playstation xbox router wifi browser instagram facebook
    twitter tiktok youtube whatsapp spotify netflix""".split()
)
EXTERNAL_ENTITIES = frozenset({"GPE", "LOC", "FAC", "ORG", "PRODUCT", "WORK_OF_ART", "EVENT", "NORP", "LAW", "LANGUAGE"})
# Money in figures, by symbol ("$5,000", "€52k") or by name ("52,000 euros", "68k dollars", "300 bucks"; not a
# bare "68k", which is as often a race: "a 10k"), an age, an e-mail address, a phone number: North American
# ("555-123-4567"), or national with its trunk "0" or international with its "+" code, in groups as people write them
# ("07700 900456", "+44 7700 900789", "(020) 7946 0018").
MONEY_WORDS = r"(?:euros?|dollars?|bucks|pounds|quid|usd|eur|gbp|cad|aud|yen|yuan|rupees?|francs?|kronor|krona)"
PII_PATTERNS = re.compile(
    rf"[$€£¥₹]\s?\d|\b\d[\d,.]*\s?[km]?\s?{MONEY_WORDS}\b|\b\d+\s*(?:years?|yrs?)\s+old\b|@\w+\.\w+|"
    r"\b\d{3}[-. ]\d{3,4}[-. ]\d{4}\b",
    re.IGNORECASE,
)
# A number that may be a phone's outside North America: a trunk "0" or a "+" code, then digits in groups with
# spaces, dots, dashes or brackets between them (:func:`_a_phone_number` counts them).
PHONE_CANDIDATE = re.compile(r"(?<![\w+.,:])(?:\+|\(?0)[\d .()-]{6,22}\d(?![\w.,:]\d)")


# A long number of someone's, as membership, passport and account numbers are written: a run of digits, or groups
# of three or more with spaces or dashes, 7 to 20 digits in all ("my Flying Blue is 2051 887 340", "it's
# 561204877"); not a sum or a count with its thousands marked ("1,200,000"), a decimal, numbers in a row ("10 20 30
# 40"), years in a row, nor a shift ("0700-1500": two hours).
ID_NUMBER = re.compile(r"(?<![\w$€£¥₹.,:/-])\d{2,}(?:[ -]\d{2,}){0,5}(?![\w.,:/]?\d)(?!\s*(?:%|percent|[km]\b))")
SHIFT_HOURS = re.compile(r"\d{4}-\d{4}")


def classify_scope(doc: ParsedDoc, ranges: list[tuple[int, int]]) -> str:
    """The scope of the memory realised from token ``ranges`` of ``doc``."""
    tokens = [doc.tokens[k] for start, end in ranges for k in range(start, end)]
    words = {t.lower for t in tokens} | {t.lemma for t in tokens}
    text = " ".join(doc.span_text(start, end) for start, end in ranges).lower()
    if words & (HEALTH | IDENTITY | FINANCES) or PII_PATTERNS.search(text) or _of_health(tokens, text):
        return USER_PII
    if any(phrase in text for phrase in CONTACT_PHRASES) or _a_phone_number(text) or _an_id_number(text):
        return USER_PII
    if OWN_NUMBER.search(text) or SECRET.search(text) or HANDLE.search(text):
        return USER_PII
    if words & DEVICES_APPS:
        return INTERNAL
    if any(t.ent in EXTERNAL_ENTITIES for t in tokens):
        return EXTERNAL
    return GENERIC


def _a_phone_number(text: str) -> bool:
    """A number written as phones are outside North America ("07700 900456", "+44 7700 900789", "(020) 7946 0018",
    "06-12345678", "+33 6 12 34 56 78"): 9 to 15 digits, and after a trunk "0" no group of one digit ("0.5 1.5
    2.5"); not a shift ("0700-1500": 8 digits) or a count ("+10 000 followers")."""
    for match in PHONE_CANDIDATE.finditer(text):
        said = match.group()
        digits = re.sub(r"\D", "", said)
        groups = [g for g in re.split(r"[ .()-]+", said.lstrip("+(")) if g]
        if 9 <= len(digits) <= 15 and (said.startswith("+") or all(len(g) >= 2 for g in groups)):
            return True
    return False


def _an_id_number(text: str) -> bool:
    """A number of 7 to 20 digits (:data:`ID_NUMBER`): whoever's it is, a loyalty, passport or account number is
    private, though the turn names it by its brand alone ("my TAP Miles&Go is 428 117 903")."""
    for match in ID_NUMBER.finditer(text):
        groups = re.split(r"[ -]", match.group())
        if not 7 <= sum(len(g) for g in groups) <= 20 or SHIFT_HOURS.fullmatch(match.group()):
            continue
        if len(groups) > 1 and (any(len(g) < 3 for g in groups) or all(re.fullmatch(r"(?:19|20)\d\d", g) for g in groups)
                                or len(groups) == 2 and re.fullmatch(r"(?:19|20)\d\d", groups[0])):
            continue  # "10 20 30 40 reps", "in 2019 2020", "in 2019 300 people": counts and years in a row
        return True
    return False


def _of_health(tokens, text: str) -> bool:
    """A medicine ("sertraline 50mg"), an injury to the body ("broke my wrist") or a phrase of health ("heart
    attack"): a memory of one's health is private however few of the words of :data:`HEALTH` it says."""
    injured = any(t.lemma in INJURY_VERBS for t in tokens) and any(t.lower in BODY_PARTS and t.pos == "NOUN" for t in tokens)
    return injured or any(is_medicine(t.lower) for t in tokens) or bool(HEALTH_PHRASES.search(text))
