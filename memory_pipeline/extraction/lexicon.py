"""Word lists the rules consult. Kept in one place so a reader can audit what the extractor treats as special."""

from __future__ import annotations

import re

from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are aren't as at be because been before being below
    between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
    for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
    himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
    myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd
    she'll she's should shouldn't so some such than that that's the their theirs them themselves then there
    there's these they they'd they'll they're they've this those through to too under until up very was wasn't we
    we'd we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's
    with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves 's 'm 're 've 'll 'd n't
    just also really will got get gonna wanna yeah lot lots""".split()
)
# Words that carry conversational glue rather than content: greetings, thanks, reactions ("bless her"), fillers.
DISCOURSE_WORDS = frozenset(
    """hey hi hello hiya wow whoa oh ohh aw aww awww ah ahh yay haha hahaha lol omg thanks thank bye goodbye cheers
    congrats congratulations good great nice cool awesome amazing glad happy hear see meet sure yep yes ok okay
    totally definitely absolutely true agree sounds fun sweet wonderful fantastic incredible well talk soon later
    catch know right exactly indeed man dude buddy welcome sorry hmm um uh like kinda sorta pretty super stuff
    thing things tell let keep care awesome lovely appreciate means much lot bless ffs smh fml""".split()
)
# Closings, as the parser splits them ("gotta" -> "got" + "ta"): a sentence of one, with at most greetings,
# reactions and names beside it, only ends the chat ("Gotta run, talk soon!", "that's all for tonight").
CLOSINGS = tuple(
    tuple(phrase.split())
    for phrase in (
        "night", "nite", "goodnight", "good night", "night night", "gn", "ttyl", "gtg", "g2g",
        "got ta run", "got ta go", "got ta head out", "have to run", "need to run",
        "that 's all for tonight", "that 's all for now", "that 's it for tonight", "that 's it for now",
    )
)
# Leading interjections and fillers trimmed from the front of a realised span (chat's interjections among them).
LEADING_FILLERS = frozenset({"so", "well", "also", "and", "but", "or", "because", "yeah", "like", "anyway", "plus"}) | CHAT_INTERJECTIONS
# Particles that tell a named thing's state after "be", as news of it: "the wedding is off", "the trip's back on",
# "shed's up", "the box balls are out", "the old fence is down", "the results are out", "my sister is back"
STATE_PARTICLES = frozenset({"off", "on", "up", "out", "down", "back", "over", "away", "home"})
# Subjects that deny a deed was done by anyone: "nothing changed", "nobody came", "none of them replied"
NEGATIVE_SUBJECTS = frozenset({"nothing", "nobody", "noone", "none"})
# What "so" makes one phrase with, as a word of degree, rather than opening a clause as a filler: "so far", "so much",
# "so many" ("so long story short" is the filler)
GRADED_BY_SO = frozenset({"far", "much", "many", "often"})
# Chat's laughter and asides after what was said ("I fell off it lol", "he can do a speech btw"): they tell the
# tone, never the fact. Not every interjection: a closing "ok", "nope" or "yay" can be what was said ("Mum's
# doing ok", "she said nope"), and "jk" takes the statement back.
TRAILING_FILLERS = frozenset("haha hahaha hahah hehe heh lol lmao lmfao rofl btw tbh fyi".split())

# Words of thanks and praise: "thanks for coming" thanks the listener for what follows, "congrats on the new job"
# congratulates them on it (:func:`turn._thanked_or_praised`).
THANKING = frozenset({"thanks", "thank", "thx", "ty"})
PRAISING = frozenset({"congrats", "congratulations", "kudos", "props"})
LIGHT_VERBS = frozenset({"be", "have", "do", "make", "get", "take", "give", "put", "let", "keep"})
ATTITUDE_VERBS = frozenset({"want", "like", "love", "prefer", "hate"})
# Feelings said of the future ("I'm gonna miss you", "I'll always love reading"): foreseen, never planned.
FORESEEN_FEELINGS = frozenset({"miss", "love", "hate", "like"})
# Common feeling words of personal conversation by the emotions they carry: the affect stage's table when nrclex
# is not installed, and the words that tell a clause saying only how someone feels (analysis.cues). A word may
# carry several emotions ("excited": joy and anticipation), as in NRC.
_EMOTION_WORDS = {
    "joy": "happy happier happiest glad joy joyful delighted excited thrilled cheerful fun enjoy enjoyed enjoying love "
           "loved loving awesome amazing wonderful great fantastic blessed grateful thankful proud celebrate "
           "celebrated laugh laughed smile smiled pleased elated ecstatic content relaxed relieved relief peaceful adore adored overjoyed calm",
    "sadness": "sad sadder unhappy depressed down lonely heartbroken grief grieving cry cried "
               "crying tears upset disappointed hurt loss lost sorrow gloomy miserable devastated exhausted guilty ashamed "
               "embarrassed homesick bored",
    "fear": "afraid scared fear feared frightened terrified anxious anxiety nervous worried worry worrying panic "
            "stressed stress stressful overwhelmed insecure uneasy tense dread guilty ashamed",
    "anger": "angry anger mad furious annoyed annoying frustrated frustrating irritated hate hated outraged bitter "
             "resent resentful fuming livid jealous",
    "surprise": "surprised surprise shocked shock shocking amazed astonished unexpected wow stunned",
    "disgust": "disgusted disgusting gross awful horrible terrible nasty",
    "trust": "trust trusted support supported supportive safe secure confident reliable loyal faith believe",
    "anticipation": "hope hopeful hoping eager anticipate excited motivated inspired determined optimistic",
}
EMOTION_TABLE: dict[str, tuple[str, ...]] = {}
for _emotion, _words in _EMOTION_WORDS.items():
    for _word in _words.split():
        EMOTION_TABLE[_word] = (*EMOTION_TABLE.get(_word, ()), _emotion)
# Gatherings and breaks a holiday can name the time of ("the Christmas party", "Thanksgiving dinner", "the Easter
# break"), unlike the things it classifies ("a Christmas card", "the Christmas tree").
OCCASION_NOUNS = frozenset(
    """party dinner lunch breakfast brunch meal feast celebration gathering service mass parade market fair concert
    show play break holiday holidays vacation trip weekend eve morning night hunt do bash drinks reunion""".split()
)
# Verbs of signing up or booking a place at an event ("signed up for", "registered for", "booked a table").
REGISTRATION_LEMMAS = frozenset({"register", "enroll", "enrol", "book", "reserve"})
# Pronouns that stand for people (subject and object forms): a subject among them is someone.
PERSONAL_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "they", "me", "us", "him", "her", "them"})
# Things one has at a time and goes to: "my dentist appointment is on Thursday", "I have an interview at 3".
APPOINTMENT_NOUNS = frozenset(
    "appointment meeting interview exam surgery operation checkup check-up consultation flight reservation "
    "booking deadline hearing viewing audition recital presentation "
    # the tests, scans and jabs of health talk, and the ceremonies a date is set for
    "test scan mri x-ray xray ultrasound screening biopsy vaccination vaccine jab injection review assessment "
    "wedding funeral graduation ceremony christening "
    # the events a group sets a date for and moves
    "demo launch party reunion gig concert match".split()
)
# Nouns that name only the booking of a time, not what is done then: "got an appointment" is a slot obtained for
# later, unlike "got a jab" or "got a scan", which tell of the thing done.
BOOKED_TIME_NOUNS = frozenset({"appointment", "appt", "booking", "reservation", "slot"})
# Events the speaker has or goes on that are arranged for a date, appointments among them.
ARRANGED_EVENT_NOUNS = APPOINTMENT_NOUNS | frozenset(
    # "my first physio session is on the 9th": a session is had on a day as an appointment is
    "trip holiday vacation party concert gig match game call workshop seminar conference session".split()
)
# What one takes part in: an arranged event or an occasion, or a race, course, class, exam and the like. Each takes
# place on a day of its own ("signed up for a 10k on November 17"), unlike a service, an app or a membership one
# signs up for and uses from then on ("signed up for Audible on Friday").
TAKEN_PART_IN = ARRANGED_EVENT_NOUNS | OCCASION_NOUNS | frozenset(
    """marathon race half 10k 5k parkrun triathlon course class lesson lessons session sitting retreat webinar lecture
    interview exam examination test wedding festival tour camp hike ride match competition tournament event meeting
    ceremony graduation visit""".split()
)
# Chat's clippings, read as the word they clip so that the two name one event ("they've pushed the op back" and "the
# consultant wants to operate", "hydro was great" and "I start hydrotherapy"). Where a clipping names both a
# treatment and who gives it ("physio", "vet"), the longer word for the person reads as it too. Not "doc", which is a
# document as often as a doctor; "op" of a compound ("photo op") is no operation (analysis.cues.content_lemma).
CLIPPED_WORDS = {
    "op": "operation", "physio": "physiotherapy", "physiotherapist": "physiotherapy", "hydro": "hydrotherapy",
    "uni": "university", "appt": "appointment", "vet": "veterinary", "veterinarian": "veterinary",
    "exam": "examination", "rehab": "rehabilitation", "admin": "administration",
}
FIRST_PERSON = frozenset({"i", "we"})
VAGUE_ACTORS = frozenset(
    {"it", "this", "that", "there", "these", "those", "something", "anything", "everything", "nothing", "someone",
     "anyone", "everyone", "somebody", "anybody", "everybody", "which", "who", "what", "one", "all", "thing"}
)
ANAPHORA = frozenset({"it", "this", "that", "they", "them", "he", "she", "there", "these", "those", "which"})
CONTRAST = frozenset({"but", "though", "although", "however", "yet", "still", "whereas", "while", "except"})

# Content cues (seed 000's configured cue list is not published; this one names what a personal memory is about).
CUE_LEMMAS = frozenset(
    """want like love prefer hate enjoy plan decide start begin join adopt buy move visit learn study work graduate
    marry meet travel paint play read write sign finish win lose quit open launch build create volunteer attend
    celebrate teach perform apply research raise train hike camp run cook bake draw dance sing own live born
    remember miss hope dream try need""".split()
)
CUE_NOUNS = frozenset(
    """favorite favourite birthday hobby job career family wife husband partner son daughter kid kids child
    children mom mother dad father sister brother friend friends pet dog cat book books class course school
    college degree trip vacation concert project business store shop studio company team group painting
    certificate name home house car allergy doctor therapist""".split()
)
# Predicates that are a whole fact with their subject alone: the turning points of a life ("I quit", "we broke up",
# "she passed away"), with the particle a verb needs to be one (moving is one only "out", "in", "away" or "back").
# Seed 000 drops a predicate with no informative argument; these have none and need none.
EVENTS_ON_THEIR_OWN = {
    **{lemma: frozenset() for lemma in """quit resign retire graduate die marry divorce separate emigrate relocate
        elope propose relapse recover enlist arrive land""".split()},
    "break": frozenset({"up"}), "split": frozenset({"up"}), "pass": frozenset(),
    # the outcome of a test, a match or an application, said with no object: "the results came out and I failed",
    # "I passed!", "we lost", "she got in"
    "fail": frozenset(), "win": frozenset(), "lose": frozenset(), "get": frozenset({"in"}),
    "move": frozenset({"out", "in", "away", "back"}), "drop": frozenset({"out"}), "give": frozenset({"up", "in"}),
    "engage": frozenset(), "settle": frozenset({"down"}),
    # a side that gave way, a withdrawal, a turning up: "he backed down", "she pulled out", "he never showed up"
    "back": frozenset({"down", "out"}), "step": frozenset({"down"}), "pull": frozenset({"out"}),
    "show": frozenset({"up"}), "turn": frozenset({"up"}),
}
MONEY_SIGNS = frozenset({"$", "€", "£", "¥"})
# States of a life said with "be" and nothing else ("I'm pregnant", "no, I'm not pregnant", "she's sober now"): a
# whole fact, where "I'm tired" beside another sentence says little.
STATES_OF_A_LIFE = frozenset(
    """pregnant married single engaged divorced separated widowed sober retired unemployed redundant vegan vegetarian
    pescatarian diabetic allergic homeless bankrupt""".split()
)
# Entity types of a place.
PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
# Family words: nouns to the tagger, people all the same. Parents first, which the slots read on their own.
PARENT_NOUNS = frozenset({"mother", "father", "mom", "mum", "dad", "parent", "mama", "papa"})
FAMILY_NOUNS = PARENT_NOUNS | frozenset(
    "sister brother wife husband partner girlfriend boyfriend fiance fiancee grandma grandpa grandmother "
    "grandfather aunt uncle cousin niece nephew".split()
)
# Verbs whose past is their present ("I quit last Friday", "we put in an offer"): the tagger often calls them
# present where they are past.
SAME_IN_PAST = frozenset({"quit", "put", "set", "cut", "hit", "let", "hurt", "cost", "shut", "spread", "split",
                          "burst", "cast", "upset", "broadcast", "read"})


# --- health: conditions, injuries, medicines (the health and medication slots of analysis.slots, and what
# extraction.scope counts as private) ---
CONDITIONS = frozenset(
    "cold flu covid fever cough infection pneumonia bronchitis migraine migraines cancer diabetes asthma "
    "depression anxiety allergy allergies concussion injury fracture tumor tumour arthritis insomnia "
    "hypertension anemia anaemia eczema psoriasis dermatitis acne gout".split()
)
BODY_PARTS = frozenset("leg arm wrist ankle knee foot hand finger toe back shoulder hip rib ribs nose neck elbow".split())
INJURY_VERBS = frozenset({"break", "sprain", "injure", "hurt", "fracture", "twist", "dislocate", "tear"})
MEDICINES = frozenset(
    """paracetamol acetaminophen ibuprofen aspirin naproxen codeine tramadol morphine insulin metformin warfarin
    levothyroxine thyroxine prednisolone prednisone hydrocortisone sertraline citalopram escitalopram fluoxetine
    paroxetine venlafaxine mirtazapine amitriptyline nortriptyline gabapentin pregabalin lithium melatonin
    omeprazole lansoprazole ranitidine amoxicillin penicillin doxycycline azithromycin clarithromycin
    ciprofloxacin trimethoprim nitrofurantoin topiramate propranolol atenolol bisoprolol metoprolol amlodipine
    ramipril lisinopril losartan furosemide atorvastatin simvastatin rosuvastatin pravastatin methotrexate
    ursodiol allopurinol colchicine salbutamol albuterol montelukast cetirizine loratadine fexofenadine
    sumatriptan rizatriptan zolmitriptan adderall ritalin methylphenidate lisdexamfetamine diazepam lorazepam
    clonazepam alprazolam zopiclone zolpidem ozempic semaglutide wegovy mounjaro tirzepatide finasteride
    spironolactone isotretinoin accutane clopidogrel apixaban rivaroxaban
    donepezil memantine rivastigmine galantamine quetiapine risperidone olanzapine haloperidol digoxin levodopa
    dabigatran gaviscon infacol calpol nurofen cyclizine ondansetron piriton dioralyte""".split()
)
# (the last line: what a memory clinic, a care home or a cardiologist gives an elderly parent, as carers name them:
# "the GP reduced her quetiapine", "the consultant increased memantine to 20mg")
MEDICINE_STEMS = re.compile(
    r"[a-z]{3,}(?:olol|statin|pril|sartan|cillin|mycin|cycline|floxacin|prazole|triptan|oxetine|dipine|azepam|"
    r"zolam|tidine|formin|gliptin|semide|thiazide|profen|tadine|lukast|parin|xaban|glutide|mab|apine)"
)


def is_medicine(word: str) -> bool:
    """A medicine by name ("sertraline") or by the ending of its class ("-olol", "-statin")."""
    return word in MEDICINES or bool(MEDICINE_STEMS.fullmatch(word))


# --- feelings said alone (extraction keeps them beside a fact; analysis counts them as no fact of their own) ---
ADJECTIVE_POS = frozenset({"ADJ", "NOUN", "ADV"})
# Feelings of chat the emotion table does not hold
FEELING_PARTICIPLES = frozenset({"gutted", "chuffed", "stoked", "buzzing", "shattered", "knackered", "gobsmacked"})


# Words of the emotion table that said alone are no feeling ("their loss", "lost", "down by the river")
NOT_FEELINGS_ALONE = frozenset({"loss", "lost", "down"})


def a_feeling_word(token) -> bool:
    """A word of feeling, not of glue ("relief", "excited", "gutted"; not "amazing", "happy", nor "support", which
    the table files under trust); "relieved" and "gutted" said alone are tagged as past verbs."""
    lower = token.lower
    feeling = set(EMOTION_TABLE.get(lower, ())) - {"trust"} or lower in FEELING_PARTICIPLES
    return bool(feeling) and lower not in DISCOURSE_WORDS | NOT_FEELINGS_ALONE and (token.pos in ADJECTIVE_POS or token.tag in ("VBN", "VBD"))


# A reference, case number or code as written: capitals and digits, maybe in hyphened parts ("DFS-448213",
# "CUR-77120", "E18", "AB12CDE"); not a count with its unit ("10k", "3pm", "14th"), which chat writes in lower case.
CODE = re.compile(r"^(?=.*\d)(?=.*[A-Z])[A-Z0-9]+(?:[-/][A-Z0-9]+)*$")


def is_a_code(token) -> bool:
    """A reference a user may be asked for later ("I complained, case number DFS-448213", "E18. Water's still in the
    drum"): the parser tags it a noun or a name, but no memory may lose it any more than a number."""
    return len(token.text) >= 3 and bool(CODE.match(token.text))
