"""State slots of a memory: "<subject> <attribute> = <value>", read from the dependency parse.

A slot is an attribute a person has one value of at a time (where they live, their job, their diet, when their
dentist appointment is), so a later statement with another value changes it. Detection is lexical and
structural: a predicate lemma, the argument it governs (prepositional object, direct object, copular
complement) and, for the value, the noun phrase of that argument. The subject comes from the parse (``nsubj``
of the predicate, followed up through ``xcomp``/``conj``), so "I moved to Berlin", "Maya moved to Berlin" (the
extractor's third person) and "We relocated to Berlin" all give ``self.residence = berlin``.

Two kinds of slot:
* exclusive (residence, job, employer, diet, relationship, children, schedule, appointment, age, quantity): any
  new value replaces the old one, and repeating the current value is a duplicate;
* transition-only (ownership, health, activity, repair, subscription): a thing can be owned, a condition had, a
  pastime kept up or a service subscribed to alongside others, so only the move between having it and not having
  it (``yes`` <-> ``none``, ``has`` <-> ``recovered``) is a change: "I swim every Tuesday" and later "I stopped
  swimming"; of a thing's working state, the move between ``broken`` and ``working`` ("the boiler broke down",
  "the boiler is fixed now"; broken "again" with no repair between is no news).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from memory_pipeline.analysis.clauses import (
    SELF, THIRD_PERSON, children, heads_up, is_self_token, parent, sentence_asks, subject_key, subject_token, subtree,
)
from memory_pipeline.analysis.cues import (
    CARERS, INNER_CLAUSES, MODAL_FUTURE, MONTHS, PLAN_LEMMAS, RELATIVES, SELF_WORDS, VISITORS, WEEKDAYS, arranged, habitual,
    marked_by, negated_heads, with_arcs_hung_on_now,
)
from memory_pipeline.analysis.places import known_places
from memory_pipeline.chat_spelling import CHAT_INTERJECTIONS, PLEASE_WORDS
from memory_pipeline.extraction.lexicon import (
    APPOINTMENT_NOUNS, BODY_PARTS, CONDITIONS, FAMILY_NOUNS, INJURY_VERBS, MONEY_SIGNS, PARENT_NOUNS,
    PERSONAL_PRONOUNS, PLACE_ENTITIES, is_medicine,
)
from memory_pipeline.grounding import third_person_referent
from memory_pipeline.extraction.temporal import HOLIDAY, REPAIR_ENDS, SELF_REPAIRS, WEEKDAY_ABBR, sizes_the_noun_after
from memory_pipeline.parsing import ParsedDoc

NONE_VALUE = "none"
DEAD = "dead"

EXCLUSIVE_SLOTS = frozenset(
    {"residence", "job", "employer", "diet", "relationship", "children", "schedule", "appointment", "age", "quantity",
     "medication", "study", "boss", "teacher", "favourite", "language", "instruction", "pronouns", "timezone",
     "provider", "office"}
)
TRANSITION_SLOTS = frozenset({"ownership", "health", "activity", "life", "taste", "repair", "subscription"})
# A changed appointment is a corrected event; every other change is a change of state.
EVENT_SLOTS = frozenset({"appointment"})

PLACE_NOUNS = frozenset(
    "city town village country apartment flat house home suburb suburbs countryside neighborhood neighbourhood "
    "dorm condo studio island coast state province area downtown".split()
)
OCCUPATIONS = frozenset(
    "nurse doctor physician surgeon dentist teacher professor lecturer engineer developer programmer designer "
    "architect lawyer attorney accountant pharmacist therapist counselor counsellor psychologist journalist writer "
    "editor chef baker barista waiter waitress cashier bartender electrician plumber carpenter mechanic pilot "
    "driver firefighter paramedic officer soldier scientist researcher analyst consultant manager director "
    "receptionist librarian photographer musician artist actor actress dancer coach trainer veterinarian vet "
    "student intern freelancer contractor technician tutor secretary clerk salesperson realtor banker "
    "entrepreneur economist translator courier farmer supervisor planner coordinator administrator assistant "
    "specialist adviser advisor executive cleaner builder labourer laborer porter butcher "
    "hairdresser stylist optician midwife physiotherapist physio radiographer tester founder".split()
)
# Who studies is no worker: "I'm a chemistry student at Nottingham" sets the study slot, not a job at an employer
# (a student may well have a job beside the course, which it must not replace).
LEARNER_NOUNS = frozenset({"student"})
# Words of rank before an agent noun make it a job ("a senior planner", "lead singer"; "promoted to head baker").
RANKS = frozenset("senior junior head chief lead principal assistant deputy trainee apprentice associate".split())
# Agent nouns that name no job, even with a firm after them: "a member at Soho House", "a customer of Monzo".
NOT_ROLES = frozenset("member customer client patient user subscriber follower supporter lover owner".split())
AGENT_ENDINGS = ("er", "or", "ist", "ian")
NOT_EMPLOYERS = frozenset(
    "home night nights weekend weekends moment time times day days morning evening night shift shifts "
    "way chance accident luck mistake".split()
)
JOB_NOUNS = frozenset({"job", "position", "role", "post", "work", "career"})
JOB_LOSS_VERBS = frozenset({"quit", "lose", "leave", "resign", "retire"})
NOTICE_VERBS = frozenset({"hand", "give", "put", "submit", "turn", "send"})
NOTICE_NOUNS = frozenset({"notice", "resignation"})
HOUSING_NOUNS = frozenset({"landlord", "landlady", "tenant", "lease", "apartment", "flat", "rent"})
# Homes one rents or shares: "I rent a one-bed in Didsbury" says where one lives, "I rent a car in Spain" does not.
HOMES = frozenset(
    {"flat", "apartment", "house", "room", "bed", "studio", "place", "cottage", "bedsit", "condo", "home", "bungalow",
     "townhouse", "maisonette"}
)
# Homes not lived in: "bought a holiday home in Spain", "a buy-to-let flat in Leeds"
NOT_LIVED_IN = frozenset({"holiday", "second", "investment", "rental", "buy-to-let", "vacation", "summer"})
# Passive verbs of losing one's job, with the particle or complement some need ("laid off", "let go").
JOB_LOSS_PASSIVE = {"fire": None, "sack": None, "dismiss": None, "lay": "off", "let": "go"}
JOB_STATES = {"unemployed": NONE_VALUE, "jobless": NONE_VALUE, "retired": NONE_VALUE, "between": NONE_VALUE,
              "redundant": NONE_VALUE}
DIETS = frozenset(
    "vegetarian vegan pescatarian pescetarian keto paleo carnivore omnivore flexitarian gluten-free "
    "plant-based dairy-free lactose-free veggie".split()
)
# Chat's names of a diet, as the diet ("Tom is veggie" is vegetarian, so "he's vegetarian again" is no change)
DIET_ALIASES = {"veggie": "vegetarian", "pescetarian": "pescatarian"}
# "gave up meat", "cut out meat", "quit meat": verb -> the particle it needs
MEAT_QUIT_VERBS = {"give": "up", "cut": "out", "quit": None, "stop": None, "drop": None}
DIET_LINKS = frozenset({"be", "become", "go", "turn", "stay", "remain", "get", "eat", "do"})
# A diet taken up by name: "I'm starting keto", "I started paleo in May"
DIET_STARTS = frozenset({"start", "begin", "try"})
# What ends being on a diet: "stopped being vegan", "quit being vegetarian"
STOP_BEING = frozenset({"stop", "quit"})
# A spell of a diet that can end: "the vegetarian thing lasted till May", "my vegan phase ended in March"
DIET_SPELLS = frozenset({"thing", "phase", "diet", "experiment", "kick", "stint", "streak", "period", "spell"})
SPELL_ENDS = frozenset({"last", "end", "finish", "stop"})
# What eating a food again (or starting to) makes of a meat-free diet: "started eating fish again"
EATEN_AGAIN = {"meat": "omnivore", "chicken": "omnivore", "beef": "omnivore", "pork": "omnivore",
               "fish": "pescatarian", "seafood": "pescatarian"}
RELATIONSHIP_STATES = {
    "single": "single", "married": "married", "engaged": "engaged", "divorced": "divorced",
    "separated": "separated", "widowed": "widowed", "dating": "dating",
}
RELATIONSHIP_VERBS = {"marry": "married", "divorce": "divorced", "date": "dating", "wed": "married",
                      "separate": "separated"}
# A partner named by what they are to someone: "Marcus is my boyfriend", "she's my wife"
PARTNER_NOUNS = {
    "boyfriend": "dating", "girlfriend": "dating", "partner": "dating", "bf": "dating", "gf": "dating",
    "husband": "married", "wife": "married", "hubby": "married",
    "fiance": "engaged", "fiancé": "engaged", "fiancee": "engaged", "fiancée": "engaged",
}
# What an ex was: a former spouse is divorced from, any other ex is over ("Phil is my ex-husband", "Dev is my ex")
EX_PARTNERS = {"husband": "divorced", "wife": "divorced", "hubby": "divorced"}
EX_STATE = "ex"
# Partners whose death leaves the other widowed: "my husband passed away"
SPOUSES = frozenset({"husband", "wife", "hubby", "partner"})
SOMEONE = frozenset({"someone", "somebody", "anyone", "anybody"})
# Entities that are never the person one is seeing (the small model often calls a first name a place)
NOT_PEOPLE = frozenset({"ORG", "FAC", "EVENT", "WORK_OF_ART", "PRODUCT", "DATE", "TIME"})
BREAKUP_VERBS = frozenset({"break", "split"})
CHILD_NOUNS = frozenset({"kid", "child", "son", "daughter", "boy", "girl", "baby", "children", "kids"})
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12,
}
SCHEDULE_NOUNS = frozenset("shift shifts class classes lesson lessons practice training rehearsal hours schedule".split())
SCHEDULE_VERBS = frozenset(
    {"be", "move", "reschedule", "change", "push", "switch", "shift", "postpone", "bring", "set", "book", "schedule", "have"}
)
# Verbs that move an arrangement to another time: their subject is whoever moved it, not whose it is ("the agency
# put the morning visit back to 8")
MOVING_VERBS = frozenset({"move", "reschedule", "change", "push", "switch", "shift", "postpone", "bring", "put"})
TIME_VALUE_WORDS = (
    WEEKDAYS | MONTHS | frozenset({w + "s" for w in WEEKDAYS})
    | frozenset("morning mornings afternoon afternoons evening evenings night nights weekend weekends early late "
                "noon midnight tomorrow today tonight week month am pm".split())
)
TIME_PREPS = frozenset({"on", "to", "at", "for", "until", "till", "in"})
ANIMALS = frozenset(
    "dog cat puppy kitten pet horse pony bird parrot budgie fish goldfish hamster gerbil rabbit bunny pig tortoise "
    "turtle ferret snake lizard gecko chicken hen".split()  # "guinea pig": the parse's head is "pig"
)
POSSESSIONS = ANIMALS | frozenset(
    "car truck van bike bicycle motorcycle motorbike scooter boat house flat apartment condo home cabin "
    "piano guitar violin drum drums laptop computer camera".split()
)
ACQUIRE_VERBS = frozenset({"buy", "get", "adopt", "own", "have", "purchase", "inherit", "rescue"})
LOSE_VERBS = frozenset({"sell", "lose", "give", "rehome", "crash", "total", "wreck"})
CONDITION_VERBS = frozenset({"have", "get", "catch", "develop", "contract", "suffer"})
RECOVERY_VERBS = frozenset({"recover", "heal", "beat", "overcome", "survive"})

# A recurring activity: a present-tense verb with a frequency (cues.habitual); kept up or dropped ("stopped
# swimming", "took up running", "don't play tennis anymore").
STOP_HABIT = {"stop": None, "quit": None, "give": "up", "drop": None}
# Ways to end a pastime by naming it ("quit the gym", "cancelled my gym membership", "gave up on yoga", "I've gone
# off running", "I'm done with running"): the verb, the particle it needs, and the prepositions its pastime
# hangs on.
PASTIME_ENDS = {**STOP_HABIT, "go": "off", "cancel": None, "do": None, "leave": None}
PASTIME_END_PREPS = ("on", "with", "off")
# What one signs up to for a pastime: the pastime is the noun before it ("my yoga class" is yoga).
PASTIME_CONTAINERS = frozenset(
    "membership memberships subscription class classes lesson lessons session sessions club course practice team "
    "league choir band orchestra".split()
)
# Containers that are the pastime themselves when nothing names it: "joined a choir", "quit the band".
PASTIMES_IN_THEMSELVES = frozenset({"choir", "band", "orchestra"})
# What one is a member of, joins and leaves as a member: a club, a team, a choir, a band ("I left the Riverside
# Rowing Club", "joined the Hackney Hawks, a five-a-side team"), which is no employer.
MEMBERSHIP_NOUNS = frozenset("club team league choir band society orchestra squad troupe party union".split())
# Pastimes in "-ing" the tagger calls adjectives before a club ("a running club"), where "an amazing club" is none.
PASTIME_GERUNDS = frozenset(
    """running walking hiking cycling swimming climbing rowing sailing knitting reading gardening dancing singing
    cooking writing debating drawing painting skating skiing surfing fishing""".split()
)
# Those who follow a club, or run it, are no pastime: "the Arsenal supporters club", "the parents' committee".
NOT_PASTIMES_OF_A_TEAM = frozenset({"supporter", "supporters", "fan", "fans", "parent", "parents", "staff"})
# A team, squad or league is a pastime's only for a sport or game; a team at work has any other word before it
# ("the marketing team", "the growth team", "the founding team").
TEAMS = frozenset({"team", "squad", "league"})
TEAM_PASTIMES = frozenset(
    """football soccer rugby netball hockey cricket basketball volleyball baseball softball rowing chess quiz pub
    swimming swim running cycling tennis badminton squash darts pool bowling bowls curling lacrosse frisbee ultimate
    handball polo debating debate dance dancing cheer cheerleading athletics relay gymnastics ski skiing climbing
    futsal water golf boxing judo karate fencing kickball dodgeball roller derby""".split()
)
# Ends whose object is a pastime only when it is something signed up to or a gerund.
SIGNED_UP_ENDS = frozenset({"cancel", "drop", "do", "leave"})
# How a pastime named by its noun was said to be kept up: "go to the gym", "play tennis", or the noun itself.
PASTIME_VERBS = ("go", "play", "do")
# Instruments one learns or plays: a pastime of playing, whichever verb it was taken up with.
INSTRUMENTS = frozenset(
    "guitar piano violin drum drums bass ukulele cello flute saxophone sax trumpet clarinet harp keyboard banjo "
    "viola trombone harmonica accordion mandolin".split()
)
LEARNING_VERBS = frozenset({"learn", "practise", "practice", "study"})
# What a habit's noun stands for: "given up cigarettes" is the smoking ended.
HABIT_NOUNS = {"cigarette": "smoke", "cig": "smoke", "ciggie": "smoke", "fag": "smoke", "smoke": "smoke",
               "alcohol": "drink", "booze": "drink", "vape": "vape",
               # "quit coffee" ends what "I'm drinking coffee again" takes up
               **{drink: f"drink {drink}" for drink in ("coffee", "tea", "beer", "wine", "soda")}}
# What one cancels for good, not for one day: "cancelled my gym membership", not "cancelled my yoga class tonight".
STANDING_CONTAINERS = frozenset({"membership", "memberships", "subscription"})
# Nouns in -ing that are no gerund of a pastime: "my evening class" is not evening-ing.
NOT_GERUNDS = frozenset(
    "morning evening wedding building meeting thing something nothing anything everything ceiling king ring "
    "spring string wing sibling darling".split()
)
START_HABIT = {"start": None, "begin": None, "take": "up", "pick": "up", "resume": None}
# Phrasal verbs whose object is a pastime itself ("took up pottery"); one picks up the kids, not a pastime.
PASTIME_PHRASES = frozenset({("take", "up"), ("give", "up")})
# What "do" takes that is no pastime: "I do a lot", "doing some stuff", "do my best"
VAGUE_DOINGS = frozenset("thing stuff lot bit nothing something anything everything best work job".split())
# Verbs of states and slots of their own (where one lives or works), which are no pastimes.
NOT_ACTIVITIES = frozenset(
    "be have get do feel think know want need like love hate see say tell try seem look make use let go come "
    "live work stay own belong remember believe understand mean matter care forget wish hope stand "
    "remind nag bother ping ask".split()  # "stop reminding me about the gym" asks the listener, no pastime
)
# What an assistant sends that one asks it to stop: "stop the plant reminders", "drop the daily emails"
LISTENERS_SENDINGS = frozenset({"reminder", "notification", "alert", "email", "message", "text", "nudge", "ping"}) | {
    "emoji", "emojis", "smiley", "smileys", "emoticon", "emoticons"}  # "stop with the emojis" is an instruction

# The working state of a thing (``repair[boiler] = broken | working``): "the boiler broke down", then "the boiler
# is fixed". Things that break and get mended, as home and device talk names them; "the internet" is left out, as
# chat says it of the world at large ("the internet is broken today"), where the wifi or broadband is one's own.
MACHINES = frozenset(
    """boiler heating heater radiator shower toilet loo tap sink pipe drain gutter roof fridge freezer oven cooker hob
    microwave dishwasher dryer kettle toaster hoover vacuum aircon thermostat lift elevator doorbell car van truck bike
    motorbike scooter laptop computer pc macbook phone mobile iphone tablet ipad kindle printer router wifi broadband
    tv telly television console playstation xbox camera watch headphone earbud""".split()
)
# General nouns of a thing named by the word before them: "the washing machine", "my coffee maker".
MACHINE_HEADS = frozenset({"machine", "maker"})
# Parts whose breaking is their thing's: "my laptop screen cracked" is the laptop broken.
MACHINE_PARTS = frozenset("screen battery keyboard engine clutch gearbox brake exhaust pump element motor fan".split())
# Verbs of a thing that stops working, with the particle each needs: "the boiler broke down", "it packed up".
BREAKDOWN_VERBS = {"break": None, "crack": None, "leak": None, "die": None, "fail": None, "pack": "up", "conk": "out"}
# What "dies" or is "dead" for a day when its charge runs out: "my phone died on the way home", "my headphones are
# dead" are no breakdown.
RUN_FLAT = frozenset({"phone", "mobile", "iphone", "battery", "headphone", "headphones", "earbud", "earbuds", "watch"})
# Words of a thing out of order: "the boiler is dead", "the telly's knackered".
OUT_OF_ORDER = frozenset({"broken", "dead", "bust", "busted", "kaput", "faulty", "knackered"})
# Verbs of mending, active ("they fixed the boiler"), passive ("was repaired") or had done ("got the laptop repaired").
REPAIR_VERBS = frozenset({"fix", "repair", "mend", "replace", "sort"})
# Words that make "working" news of a repair: "the boiler is working again", "the heating works fine now".
WORKING_AGAIN = frozenset({"again", "now", "fine", "properly", "perfectly"})
BROKEN, WORKING = "broken", "working"
# Every verb a working state is read from: "the boiler is dead", "stopped working", "the new boiler went in".
REPAIR_STATE_VERBS = REPAIR_VERBS | frozenset(BREAKDOWN_VERBS) | {"be", "work", "stop", "go"}

# A subscription or membership to a service (``subscription[netflix] = yes | none``): "I subscribe to Netflix", "I
# have a PureGym membership", then "I cancelled Netflix". A membership of a pastime is the pastime's too ("cancelled
# my gym membership" ends going to the gym, :func:`activity`). Verbs of taking one out, and the prepositions the
# service hangs on: "signed up for Audible", "I pay for Spotify Premium", "I'm subscribed to The Guardian".
SUBSCRIBING = {"subscribe": ("to",), "sign": ("for", "to", "with"), "pay": ("for",), "unsubscribe": ("from",)}
# Verbs that end a subscription named as their object ("cancelled Netflix", "quit the gym"; one leaves the gym
# every evening), and those of one left to end ("I let my Audible subscription lapse", "my Netflix subscription
# ran out").
SUBSCRIPTION_ENDS = frozenset({"cancel", "quit", "drop", "end", "stop"})
# Of those, the ones that end a service by its name alone: one cancels Netflix, but quits a firm ("I quit
# Brightwave") as often as a gym, stops or ends a person or a show ("the police stopped Tom", "we ended Breaking
# Bad"), and drops someone off somewhere (:func:`_dropped_off`).
SERVICE_ENDS = frozenset({"cancel", "drop"})
LAPSES = frozenset({"lapse", "expire", "run"})
# Lengths one stops a thing for and comes back after: "quit the gym for a week", "for a bit".
UNITS_OF_A_WHILE = frozenset({"day", "week", "month", "year", "while", "bit", "fortnight"})
# Plan names after a service's name, which are the same service: "Spotify Premium", "PureGym Plus", "Disney+".
PLAN_WORDS = frozenset("premium plus family standard basic individual duo student pro unlimited gold lite +".split())
# The terms a plan is had on, said before "subscription": "a trial subscription", "the annual subscription"
PLAN_TERMS = frozenset("trial gift annual monthly yearly free paid joint digital print couple household".split())
# The verbs of the extractor's own frame ("Ana noted: ...", "Ana said yes"): a sum in a sentence with no other verb
# is said as it stands
FRAME_VERBS = frozenset({"note", "say", "add"})
# Streaming and app services chat names in lower case, which no capital or entity tells for a name ("cancelled
# spotify", "netflix £10.99"); any name ending in "+" is one too ("signed up for disney+", "apple tv+").
KNOWN_SERVICES = frozenset(
    "netflix spotify disney hulu audible deezer tidal crunchyroll dazn britbox patreon duolingo headspace strava "
    "youtube".split()
)
# Places one holds a membership of by their common noun: "I joined the gym", "I quit the gym".
MEMBERSHIP_PLACES = frozenset({"gym"})
SUBSCRIPTION_VERBS = frozenset(SUBSCRIBING) | SUBSCRIPTION_ENDS | LAPSES | {"have", "get", "join", "let"}
# Entities that are no service one subscribes to: "signed up for the London Marathon", "cancelled Friday".
# Nor are languages ("I let my Spanish lapse"). People, places and titles are told apart by how they are spoken of,
# not by the small model's entity types, which call Netflix a place, Audible a person and The Economist a title.
NOT_SERVICES = frozenset({"DATE", "TIME", "EVENT", "MONEY", "PERCENT", "CARDINAL", "ORDINAL", "QUANTITY", "NORP",
                          "LANGUAGE"})
# Owners that are pronouns, whose person the slot cannot key: "Tom fixed his car" is no "his" slot, and "his"
# would match any other "his".
PRONOUN_OWNERS = frozenset({"his", "her", "their", "its"})

# A quantity: how often, how long or how much of one measured thing the subject does or has, said in the present
# ("I run three times a week", "it's four runs a week now", "I'm sleeping about 7 hours", "my rent is £1200 a
# month", "my 10k PB is 52:40"). The scope is the measured thing (the activity's verb and object, or the noun that
# is measured), with the unit, or "per <period>" for a count; the value is the number.
# Funds that grow as money is raised for them, at a sum now ("the roof appeal is at £7,200", "my sponsorship is at
# £640"): a measure only of a sum of money ("the appeal is at the tribunal", "the appeal is 3 weeks away").
FUND_NOUNS = frozenset({"appeal", "fundraiser", "sponsorship"})
# Verbs of money got in for a cause, whose sum so far is a running total: "I've raised £640 for the 10k"
RAISING_VERBS = frozenset({"raise", "collect"})
# What a party puts to another to settle or buy, one standing sum per party until it is raised or withdrawn ("the
# landlord's offer is now £450", "they upped their offer to £200"): a sum of money only ("the offer is on until
# Friday", "the offer is 20% off").
OFFER_NOUNS = frozenset({"offer", "bid"})
MONEY_ONLY_MEASURES = FUND_NOUNS | OFFER_NOUNS
# Measures of money first: their "k" is thousands ("my salary is 32k"), where a run's is a distance.
MONEY_MEASURES = frozenset(
    "rent salary pay wage wages income mortgage budget allowance bill payment loan debt savings balance overdraft "
    "fund pot premium tuition".split()
) | MONEY_ONLY_MEASURES
# The lifts whose heaviest weight is kept like a record: "my squat is up to 100", "deadlift is 170kg now" is the
# current value of that lift; a squat is not a deadlift.
LIFT_NOUNS = frozenset({"squat", "bench", "deadlift", "press"})
# Words that name a lift with its lift noun: "overhead press", "back squat"; "French press", "garden bench" are things
LIFT_QUALIFIERS = frozenset(
    "bench overhead shoulder military leg chest incline decline strict push back front sumo romanian trap hex box "
    "goblet split close flat dumbbell barbell db bb".split()
)
# Places a record is set at that are no event to name it: "new PB at home", "a PB at work" (of what, not where)
NO_EVENT_PLACES = frozenset({"home", "work", "school", "uni", "college", "office", "gym", "last"})
MEASURE_NOUNS = MONEY_MEASURES | LIFT_NOUNS | frozenset(
    "weight pb pr best record commute sleep mileage cholesterol pressure dose dosage glucose bmi a1c hba1c rate".split()
)
# A record word the tagger hangs on the thing it is of as an adverb: "my parkrun best is 31:40" ("best" of "good").
RECORD_MODIFIERS = frozenset({"best", "pb", "pr"})
# A time said beside a record is its value, never part of its name: "28:45 at parkrun, new PB" is a parkrun PB.
RECORD_TIME = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
# A household's bills and costs, as chat names them with a sum and often no verb ("council tax £186", "mortgage
# £1,320 on the 2nd", "my dd went from £110 to £142", "nursery is £520 now"): a measure only of a sum of money
# ("the nursery is 5 minutes away" measures nothing). What one spends on them is one only by the period ("food is
# like £650 a month"; "the food is £15 a head" is a meal's).
BILL_NOUNS = frozenset(
    "tax childcare nursery broadband internet dd debit energy gas electric electricity water phone insurance".split()
)
SPEND_NOUNS = frozenset({"food", "groceries", "petrol", "fuel"})
# A fee named by what it is for is a standing cost by the period too: "squad fees are £48 a month", "the club fee is
# £120 a year", so "£65 a month" later replaces it; a bare "the fees" may be any of them, and "the entry fee is
# £25", "a £5 booking fee" is one payment's.
FEE_NOUNS = frozenset({"fee", "fees"})
BY_THE_PERIOD = SPEND_NOUNS | FEE_NOUNS
# Words that may stand between a bill and its sum: "broadband now £41.50", "food about £600 a month".
BEFORE_A_SUM = frozenset({"now", "about", "around", "roughly", "like", "approx", "is", "'s", "at"})
# Words of money after a number, and the sign they stand for: "140 quid", "300 bucks", "900 euros".
MONEY_WORDS = {"quid": "£", "pound": "£", "buck": "$", "dollar": "$", "euro": "€"}
# "32 grand" is a sum of money; "28k" is one only when said of money (`_in_thousands`): of a run it is a distance.
MONEY_NOUNS = frozenset(MONEY_WORDS) | {"grand"}
# Words of money made beside one's pay: "on the side", "extra", "on top of my salary".
SIDE_INCOME = frozenset({"side", "extra", "top", "bonus"})
# Verbs whose object, a sum of money, is what one earns: "I make $78,000 a year", "I earn 28k".
EARNING_VERBS = frozenset({"earn", "make"})
# Verbs whose object, a sum of money, is paid in or for a measured thing: "I pay £900 a month in rent".
PAYING_VERBS = frozenset({"pay", "spend"})
# Verbs that change a measure to the sum after their "to" ("my rent went up to $1,850", "we cut the budget back to
# $26,500", "they raised my salary to £40k"): the sum is its value from then on.
CHANGE_TO_VERBS = frozenset(
    "go rise fall drop climb jump increase decrease grow shrink raise cut lower reduce bump hike slash put up".split()
)
# Adverbs of a measure said to have moved to a new sum ("my weight is down to 89 kg", "cholesterol's up to 6.1").
MOVED_TO_ADVERBS = frozenset({"down", "up", "back"})
# Names of the same measure: "my personal best", "my PB"
MEASURE_ALIASES = {"personal best": "pb", "personal record": "pb", "pr": "pb", "best": "pb", "wages": "salary",
                   "direct debit": "dd",
                   "wage": "salary", "pay": "salary", "weigh": "weight", "dosage": "dose"}
MEASURE_UNITS = frozenset(
    "time hour hr minute min second mile km kilometre kilometer k metre meter kg kilo kilogram pound lb lbs stone "
    "step lap length cup glass pint unit page".split()
)
PERCENT_WORDS = frozenset({"%", "percent"})
PERIOD_NOUNS = frozenset({"day", "night", "week", "weekend", "fortnight", "month", "year"})
# Things one keeps, counted after "have" ("I have 12 pots", "we have three cats"): animals and possessions, and what
# one grows or collects.
KEPT_THINGS = POSSESSIONS | frozenset(
    """plant houseplant succulent cactus pot tree bee hive record vinyl book painting stamp coin card shoe trainer
    sneaker watch plate""".split()
)
# A noun a count is "of" that is the things counted: "two pairs of trainers" counts trainers ("3 boxes of books"
# counts boxes, and no books).
COUNTED_IN = frozenset({"pair"})
# What holds of a thing only for now: "10 tabs open", "200 unread messages", "2 spare tickets".
TRANSIENT_STATES = frozenset({"open", "unread", "left", "spare", "outstanding", "overdue", "due"})
# What is no thing owned when counted after "have": people (children have a slot of their own), times, sums and
# measures, and what one has to do ("I have three exams", "two questions").
NOT_OWNED_COUNTS = CHILD_NOUNS | FAMILY_NOUNS | PERIOD_NOUNS | MEASURE_UNITS | MONEY_NOUNS | frozenset(
    """friend people person sibling grandchild grandkid twin hour minute second time exam test interview meeting
    appointment question idea thought option choice problem issue reason thing way point job shift class lesson
    session assignment essay deadline""".split()
)
PERIOD_DETERMINERS = frozenset({"a", "an", "per", "every", "each"})
COUNT_ADVERBS = {"once": 1, "twice": 2, "thrice": 3}
# Verbs of a measured activity that are otherwise no pastime: "I work 40 hours a week"
MEASURED_VERBS = frozenset({"work"})
# A subject that only points at what was just said: "it's four runs a week now" is the speaker's
POINTING_SUBJECTS = frozenset({"it", "that", "this"})
# A quantity that is the record broken, with no number of its own: "New 10k PB!"
NEW_VALUE = "new"
NEW_RECORD_VERBS = frozenset({"set", "get", "run", "hit", "break", "have", "achieve"})
# Days that make a present or progressive amount one occasion, not a state: "I'm running 5k today"
ONE_OCCASION = WEEKDAYS | frozenset({"today", "tonight", "yesterday", "tomorrow"})

VALUE_LABELS = frozenset({"compound", "amod", "nmod", "poss", "case", "nummod", "quantmod", "npadvmod"})
DETERMINERS = frozenset({"a", "an", "the", "my", "our", "his", "her", "their", "your", "this", "that", "some"})
REPORTING_VERBS = frozenset(
    "say tell claim think believe hope wish want wonder doubt imagine dream guess suppose consider mention "
    "pretend fear worry".split()
)
DIRECTIONS = frozenset({"back", "away", "over", "out", "down", "up", "here", "there"})
UNRESOLVED_SUBJECTS = THIRD_PERSON | {"they", "them"}
# Grandparents as chat names them, besides the family nouns: "Gran is in hospital", "Nani passed away"
GRANDPARENTS = frozenset("gran granny nan nana nanna nani dadi grandad granddad grandmum grandmom".split())
# Three sets of kin, for three questions. Whose a bare kinship is: the speaker's family ("Dad died" is the death of
# the "my dad" of an earlier memory; a bare "friend" is no one's in particular):
OWN_KIN = FAMILY_NOUNS | GRANDPARENTS
# Who can die and is no pet (any relative, "my cousin" too); :data:`KIN_NOUNS`, below, is who has an age.
KIN_WORDS = RELATIVES | GRANDPARENTS
CONDITION_MARKS = frozenset({"if", "unless", "whether"})
TIME_MARKS = frozenset({"when", "once", "whenever", "before", "until", "till"})


@dataclass(frozen=True)
class SlotValue:
    """``subject.slot[scope] = value``, with the verbatim span of the memory it was read from."""

    subject: str
    slot: str
    scope: str
    value: str
    anchor: str
    negated: bool = False
    # False when the slot sits in reported speech or a wish ("said she was moving to Paris") or in a past habit
    # ("used to live in Chicago"): not a state now
    asserted: bool = True
    # Whose "self" it is: the speaker's name, lower case. Two speakers' "self.residence" are two slots.
    owner: str = ""
    # True when the slot's own clause looks ahead ("I'm going to move to Berlin", "I hope to move"): a plan to
    # move is no residence. Per clause, so "I hope it heals. My brother moved to Denver" still sets a residence.
    future: bool = False
    # True when the thing was said with no owner at all ("football moved to thursdays"), so the speaker's only by
    # default: a parent telling of a child's club leaves the child unsaid (``named_for_whom`` in the links' rules)
    unowned: bool = False

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.owner, self.subject, self.slot, self.scope)

    @property
    def exclusive(self) -> bool:
        return self.slot in EXCLUSIVE_SLOTS

    @property
    def matchable(self) -> bool:
        """Whether another memory's slot of the same key is about the same one. A subject left a bare pronoun
        (the extractor could not tell who "she" is) is not: the sister's "she's 33" and the grandmother's "she's
        89" are two women."""
        return self.subject not in UNRESOLVED_SUBJECTS

    @property
    def state(self) -> str:
        """The value as compared between memories: a negated value ("no longer lives in X") is its own state."""
        return f"not {self.value}" if self.negated else self.value

    def describe(self) -> str:
        scope = f"[{self.scope}]" if self.scope else ""
        return f"{self.subject}.{self.slot}{scope} = {self.state}"


@dataclass(frozen=True)
class _Context:
    doc: ParsedDoc
    names: frozenset[str]  # lower-cased names of the speaker (the memory's "self")
    negated: frozenset[int]


def read_slots(doc: ParsedDoc, speaker: str | None) -> tuple[SlotValue, ...]:
    """Every slot the memory states, in text order, without repeats of the same key."""
    context = _Context(doc, speaker_names(speaker), frozenset(negated_heads(doc)))
    found: list[SlotValue] = []
    for token in doc.tokens:
        for rule in RULES:
            found.extend(rule(context, token.i))
    owner = (speaker or "").lower()
    aliases = subject_aliases(doc, context.names)
    repairs = taken_back_words(doc) if found else {}
    unique: dict[tuple[str, str, str, str], SlotValue] = {}
    for slot in (replace(_as_put_right(s, repairs), owner=owner) for s in found if s.asserted):
        unique.setdefault(slot.key, slot)
        if slot.subject in aliases:
            # "my brother Tom moved to Denver" sets the slot of both: a later memory may say either
            alias = replace(slot, subject=aliases[slot.subject])
            unique.setdefault(alias.key, alias)
    return tuple(unique.values())


# "vegetarian. well pescatarian actually": the word said again comes first and the cue after it
TAKEN_BACK_BEFORE = re.compile(r"^\s*[,.;]\s*(?:well,?\s+|or\s+rather,?\s+)?$", re.IGNORECASE)
TAKEN_BACK_AFTER = re.compile(r"^\s*,?\s*(?:actually|really|technically)\s*(?:$|[,.!;)]|lol\b|haha\b)", re.IGNORECASE)
WORDS_OF_A_VALUE = frozenset({"ADJ", "NOUN", "PROPN", "NUM"})


def taken_back_words(doc: ParsedDoc) -> dict[str, str]:
    """Words the speaker took back for another of the same kind, lower-cased, each to the word said in its place:
    "I'm 34, no wait 35", "I live in Leeds, sorry, Bradford", "I'm vegetarian. well pescatarian actually". A slot
    read from the first word holds the second."""
    tokens = doc.tokens
    out: dict[str, str] = {}
    for a, b in ((a, b) for a in tokens for b in tokens[a.i + 1 : a.i + 7] if _same_kind(a, b)):
        between, after = doc.text[a.end : b.idx], doc.text[b.end : b.end + 12]
        repair = SELF_REPAIRS.match(between)
        if (repair and repair.end() == len(between) and REPAIR_ENDS.match(after)) or (
                TAKEN_BACK_BEFORE.match(between) and TAKEN_BACK_AFTER.match(after)):
            out[a.lower] = b.text
    # a word said more than once ("my daughter is 5 and my son is 5, no wait 6") is not known to be the one taken back
    said = [t.lower for t in tokens]
    return {word: put for word, put in out.items() if said.count(word) == 1}


def _same_kind(a, b) -> bool:
    """Two words one may stand for the other: two numbers, or two words of a thing or a quality (a person's name
    never stands for a quality: "I'm vegetarian, sorry Tom")."""
    if (a.pos == "NUM") != (b.pos == "NUM") or a.pos not in WORDS_OF_A_VALUE or b.pos not in WORDS_OF_A_VALUE:
        return False
    return (a.ent == "PERSON") == (b.ent == "PERSON") and a.lower != b.lower


def _as_put_right(slot: SlotValue, repairs: dict[str, str]) -> SlotValue:
    """``slot`` with the word its value was taken back for (:func:`taken_back_words`)."""
    if slot.value.lower() not in repairs:
        return slot
    new = repairs[slot.value.lower()]
    return replace(slot, value=new.lower() if slot.value == slot.value.lower() else new)


def subject_aliases(doc: ParsedDoc, names: frozenset[str]) -> dict[str, str]:
    """A relative and their name, each for the other, where the memory says both ("my brother Tom",
    "Tom, my brother"): ``{"self's brother": "tom", "tom": "self's brother"}``."""
    out: dict[str, str] = {}
    for token in doc.tokens:
        for other in children(doc, token.i, "appos"):
            keys = {subject_key(doc, token.i, names), subject_key(doc, other, names)}
            kin = [key for key in keys if key.startswith(f"{SELF}'s ")]
            named = [doc.tokens[j].lower for j in (token.i, other) if doc.tokens[j].pos == "PROPN"]
            if len(kin) == 1 and len(named) == 1 and named[0] in keys:
                out[kin[0]], out[named[0]] = named[0], kin[0]
    return out


def speaker_names(speaker: str | None) -> frozenset[str]:
    if not speaker:
        return SELF_WORDS
    parts = speaker.lower().split()
    return frozenset({speaker.lower(), parts[0]}) | SELF_WORDS


# --- shared helpers -----------------------------------------------------------------------------------------
def _lemma(context: _Context, i: int) -> str:
    return context.doc.tokens[i].lemma.lower()


def _children(context: _Context, i: int, *labels: str) -> list[int]:
    return children(context.doc, i, *labels)


def _parent(context: _Context, i: int) -> tuple[int, str] | None:
    return parent(context.doc, i)


def _is_self_token(context: _Context, i: int) -> bool:
    return is_self_token(context.doc, i, context.names)


def _subject(context: _Context, predicate: int) -> str:
    if _said_with_a_dropped_i(context, predicate):
        return SELF
    subject = subject_token(context.doc, predicate)
    return SELF if subject is None else _subject_key(context, subject)


def _said_with_a_dropped_i(context: _Context, predicate: int) -> bool:
    """A finite past verb with no subject, spliced by a comma before the clause the parse hangs it on, dropped
    chat's "I": "also cancelled my RAC, the lease includes breakdown cover" is the speaker's cancelling, not the
    lease's. A participle ("Tired of waiting, Tom left") and a marked clause ("when cancelled, ...") share the
    subject after them."""
    doc, up = context.doc, _parent(context, predicate)
    if up is None or up[1] != "advcl" or up[0] < predicate or doc.tokens[predicate].tag != "VBD":
        return False
    if _children(context, predicate, "nsubj", "nsubjpass", "mark", "aux", "auxpass"):
        return False
    if _of_another_one(context, predicate) or _goes_on_about_another(context, predicate):
        return False
    return any(doc.tokens[k].text in (",", ";") for k in range(predicate + 1, up[0]))


def _of_another_one(context: _Context, predicate: int) -> bool:
    """The dropped subject is another's where the thing done is theirs: "lost her job, her boss was awful", "sold
    his house, mum wanted a bungalow"."""
    objects = [*_children(context, predicate, "dobj"), *(o for _, o in _prep_objects(context, predicate, ("to", "from", "with", "for", "in", "on", "at")))]
    return any(context.doc.tokens[p].lower in ("his", "her", "their") for o in objects
               for p in _children(context, o, "poss"))


def _goes_on_about_another(context: _Context, predicate: int) -> bool:
    """A sentence opened by the verb goes on about the one the sentence before told of: "my brother's doing well.
    moved to york last year, his wife loves it" is the brother's move."""
    doc = context.doc
    sent = doc.tokens[predicate].sent
    start = doc.sentences[sent][0]
    if sent == 0 or any(doc.tokens[k].pos not in ("ADV", "CCONJ", "INTJ", "PUNCT") for k in range(start, predicate)):
        return False
    subjects = [subject_token(doc, root) for root in doc.roots if doc.tokens[root].sent == sent - 1]
    return any(s is not None and not _is_self_token(context, s) and doc.tokens[s].pos in ("NOUN", "PROPN", "PRON")
               and doc.tokens[s].lower not in ("it", "that", "this", "there", "you") for s in subjects)


def _subject_key(context: _Context, i: int) -> str:
    """:func:`subject_key`, and a relative named by kinship alone, with no owner or article, is the speaker's: "Dad
    died" and "my dad's cancer is back" are one person's (``self's dad``); "her dad", "the dad" are not."""
    key = subject_key(context.doc, i, context.names)
    bare = not _children(context, i, "poss", "det")
    return f"{SELF}'s {key}" if key in OWN_KIN and bare else key


def _phrase_tokens(context: _Context, head: int) -> list[int]:
    """The head and its modifiers (compounds, adjectives, names, numbers), never the speaker's own possessive."""
    keep = {head}
    stack = [head]
    while stack:
        i = stack.pop()
        for arc in context.doc.children(i):
            if arc.label not in VALUE_LABELS:
                continue
            if arc.label == "poss" and _is_self_token(context, arc.dep):
                continue
            if arc.label == "npadvmod" and context.doc.tokens[arc.dep].ent in ("DATE", "TIME"):
                continue
            keep.add(arc.dep)
            stack.append(arc.dep)
    return sorted(keep)


def _value(context: _Context, head: int) -> str:
    """The normalised value of a noun phrase: contiguous tokens, lower case, without leading determiners."""
    return _span_value(context, _phrase_tokens(context, head))


def _span_value(context: _Context, tokens) -> str:
    """The words from the first of ``tokens`` to the last, lower case, without leading determiners."""
    words = context.doc.span_text(min(tokens), max(tokens) + 1).lower().split()
    while words and words[0] in DETERMINERS:
        words.pop(0)
    return " ".join(words).strip(" .,!?;:'\"")


def _anchor(context: _Context, *indices: int) -> str:
    """The verbatim span from the first to the last of ``indices`` (with the value phrase's modifiers)."""
    spread = set(indices)
    for i in indices:
        spread.update(_phrase_tokens(context, i))
    return context.doc.span_text(min(spread), max(spread) + 1)


def _negated(context: _Context, *indices: int) -> bool:
    return any(i in context.negated for i in indices)


def _prep_objects(context: _Context, head: int, preps: Iterable[str]) -> list[tuple[int, int]]:
    """``(prep, object)`` pairs of ``head``: ``live in Lisbon`` -> (in, Lisbon)."""
    wanted = set(preps)
    pairs = []
    # "moved back to Lisbon": the preposition hangs on the directional adverb
    heads = [head] + [a for a in _children(context, head, "advmod") if context.doc.tokens[a].lower in DIRECTIONS]
    for prep in [p for h in heads for p in _children(context, h, "prep", "dative")]:
        if context.doc.tokens[prep].lower not in wanted:
            continue
        for obj in _children(context, prep, "pobj"):
            pairs.append((prep, obj))
    return pairs


def _slot(context: _Context, predicate: int, slot: str, value: str, scope: str, *anchor_tokens: int,
          subject: str | None = None, negated: bool | None = None) -> SlotValue:
    """A slot anchored on ``predicate``: its subject unless given, negated when the predicate is."""
    subject = _subject(context, predicate) if subject is None else subject
    neg = _negated(context, predicate, *anchor_tokens) if negated is None else negated
    anchor = _anchor(context, predicate, *anchor_tokens)
    asserted = not _reported(context, predicate) and not _used_to(context, predicate)
    return SlotValue(subject, slot, scope, value, anchor, neg, asserted=asserted, future=_looks_ahead(context, predicate))


def _used_to(context: _Context, predicate: int) -> bool:
    """"used to live in Chicago": a state that held once and holds no more, so it sets nothing now."""
    up = _parent(context, predicate)
    return up is not None and up[1] == "xcomp" and _lemma(context, up[0]) == "use" and context.doc.tokens[up[0]].tag == "VBD"


# What makes a clause look ahead when it governs it: "plan/want/hope (to move)", "thinking (about moving)";
# "going (to move)" too, in the progressive only.
AHEAD_GOVERNORS = PLAN_LEMMAS | {"want", "wish", "think", "consider"}
# Modals that hedge or suppose: "I might move to Bristol", "we could get a dog", "I should quit": a state that may
# come, no state that holds ("can" is left: "I can drive now" tells what is so).
HEDGING_MODALS = frozenset({"might", "may", "could", "would", "should", "must", "'d"})


def _looks_ahead(context: _Context, predicate: int) -> bool:
    """The predicate has a modal future of its own or a hedging modal ("might move"), is arranged for a date ahead
    ("getting married in June"), or a verb of going, planning or wanting governs it."""
    doc, i, seen = context.doc, predicate, set()
    while i not in seen:
        seen.add(i)
        if arranged(doc, i):
            return True
        for aux in _children(context, i, "aux"):
            if doc.tokens[aux].lower in MODAL_FUTURE or (doc.tokens[aux].tag == "MD" and _lemma(context, aux) in ("will", "shall")):
                return True
            if doc.tokens[aux].tag == "MD" and doc.tokens[aux].lower in HEDGING_MODALS:
                return True
        up = _parent(context, i)
        # "thinking about moving": through the preposition to the verb it hangs on
        if up is None or up[1] not in ("xcomp", "ccomp", "conj", "pcomp", "prep", "acomp"):
            return False
        head = up[0]
        if up[1] == "ccomp" and (_spliced(context, i, head) or _own_hedge(context, i, head, up[1])):
            return False  # "Karim and I split up, I don't want to talk about it": no wish to split up
        if up[1] != "conj" and (_lemma(context, head) in AHEAD_GOVERNORS or _of_a_mind(context, head) or (
                _lemma(context, head) == "go" and doc.tokens[head].tag == "VBG")):
            return True
        i = head
    return False


def _of_a_mind(context: _Context, verb: int) -> bool:
    """The verb has "mind" as its object: "changed my mind about moving", "made up my mind to move" speak of an
    intention, kept or given up, not of a state."""
    return any(_lemma(context, o) == "mind" for o in _children(context, verb, "dobj"))


def _reported(context: _Context, i: int) -> bool:
    """Whether token ``i`` sits in a clause that a verb of saying, thinking or wishing governs."""
    seen: set[int] = set()
    while i not in seen:
        seen.add(i)
        parent = _parent(context, i)
        if parent is None:
            return False
        head, label = parent
        if label in ("ccomp", "xcomp", "advcl") and _lemma(context, head) in REPORTING_VERBS and not (
            _spliced(context, i, head) or _own_hedge(context, i, head, label)
        ):
            return True
        i = head
    return False


# Verbs by which one softens one's own news: "I think I've basically given up climbing" is told, not wondered.
HEDGE_VERBS = frozenset({"think", "guess", "reckon", "suppose"})


def _own_hedge(context: _Context, clause: int, verb: int, label: str) -> bool:
    """The clause is the speaker's news about themself under their own hedge in the present ("I think I've given up
    climbing", "Ana guesses Ana is vegetarian now"), not another's words or a thought of the past."""
    token = context.doc.tokens[verb]
    if label != "ccomp" or _lemma(context, verb) not in HEDGE_VERBS or token.tag not in ("VBP", "VBZ"):
        return False
    return _subject(context, verb) == SELF and _subject(context, clause) == SELF and not _negated(context, verb)


def _spliced(context: _Context, clause: int, verb: int) -> bool:
    """A clause before a verb of saying or wishing that has its own complement after it is a sentence of its own
    the parse joined on a comma ("I started eating fish again, my doctor said I need protein", "Karim and I split
    up, I don't want to talk about it"), not what was said or wished ("I moved to Paris, she said" is)."""
    if clause >= verb:
        return False
    return any(c > verb for c in _children(context, verb, "ccomp")) or (
        any(c > verb for c in _children(context, verb, "xcomp", "dobj"))
        and any(clause < s and any(t.text == "," for t in context.doc.tokens[clause:s]) for s in _children(context, verb, "nsubj"))
    )


def _is_place(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    if _is_time(context, i) or _named_with_a_dose(context, i):
        return False  # "moved me from clenil to Symbicort, 1 puff twice a day": a medicine, no place
    return (token.pos == "PROPN" or token.ent in PLACE_ENTITIES or token.lemma.lower() in PLACE_NOUNS
            or _a_town_in_lower_case(context, i))


def _a_town_in_lower_case(context: _Context, i: int) -> bool:
    """A known town, country or state written in lower case, bare where a place goes ("i live in leeds", "moved to
    san francisco"): the tagger reads it as a common noun. With an article or an owner it is a thing ("live in
    the reading room")."""
    doc = context.doc
    token = doc.tokens[i]
    if not token.text.islower() or token.tag not in ("NN", "NNS", "NNP") or _children(context, i, "det", "poss"):
        return False
    words = [token.lower]
    if i + 1 < len(doc) and doc.tokens[i + 1].text.islower() and doc.tokens[i + 1].pos in ("NOUN", "PROPN"):
        words.append(f"{token.lower} {doc.tokens[i + 1].lower}")
    if i > 0 and doc.tokens[i - 1].text.islower() and any(a.head == i and a.label == "compound" for a in doc.parents(i - 1)):
        words.append(f"{doc.tokens[i - 1].lower} {token.lower}")
    return any(word in known_places() for word in words)


def _number(context: _Context, i: int) -> int | None:
    for j in _children(context, i, "nummod"):
        word = context.doc.tokens[j].lower
        if word.isdigit():
            return int(word)
        if word in NUMBER_WORDS:
            return NUMBER_WORDS[word]
    return None


def _time_value(context: _Context, head: int, but_days_behind: bool = False) -> tuple[str, list[int]] | None:
    """A time phrase governed by ``head``: a prepositional object or bare noun that is a date, weekday, part of
    day or clock time ("on Friday", "to next Tuesday", "for Monday at 3pm", "nights"); with ``but_days_behind``,
    none of a day gone by said as when ("yesterday", "last week"), only as what for ("for last Friday")."""
    doc = context.doc
    parts: list[int] = []
    for arc in doc.children(head):
        if arc.label == "prep" and doc.tokens[arc.dep].lower in TIME_PREPS:
            parts.extend(obj for obj in _children(context, arc.dep, "pobj") if _is_time(context, obj))
        elif arc.label in ("npadvmod", "tmod", "obl") and _is_time(context, arc.dep):
            parts.append(arc.dep)
    if but_days_behind:  # "for last Friday" is still the day arranged
        parts = [k for k in parts if doc.tokens[_parent(context, k)[0]].lower in ("for", "to")
                 or not any(doc.tokens[j].lower in BEHIND_WORDS for j in _phrase_tokens(context, k))]
    if not parts:
        return None
    words = []
    for part in parts:
        tokens = _phrase_tokens(context, part)
        words.append(doc.span_text(tokens[0], tokens[-1] + 1).lower())
    value = " ".join(" ".join(words).split())
    value = " ".join(_singular_day(word) for word in value.split() if word not in DETERMINERS and word != "now")
    return value, parts


def _is_time(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    return (token.ent in ("DATE", "TIME") or token.lower in TIME_VALUE_WORDS or token.lemma.lower() in TIME_VALUE_WORDS
            or _a_short_weekday(context, i))


# Short weekday names, as chat writes them ("piano on tues at 5", "standup 9:30 mon-fri", "weds")
SHORT_WEEKDAYS = WEEKDAY_ABBR


def _a_short_weekday(context: _Context, i: int) -> bool:
    """A short weekday name, not the verb or the thing it also spells ("I sat down", "in the sun", "too much sun")."""
    token = context.doc.tokens[i]
    return (token.lower.rstrip(".") in SHORT_WEEKDAYS and token.pos not in ("VERB", "AUX")
            and all(context.doc.tokens[k].lower in EVERY_WORDS | {"this", "next", "last"}
                    for k in _children(context, i, "det", "amod", "poss")))


def _singular_day(word: str) -> str:
    """A day or part of the day as one of it: "tuesdays" and "tues" are "tuesday", "mornings" is "morning"."""
    if word.rstrip(".") in SHORT_WEEKDAYS:
        return SHORT_WEEKDAYS[word.rstrip(".")]
    return word[:-1] if word.endswith("s") and word[:-1] in WEEKDAYS | {"morning", "night", "evening", "weekend", "afternoon"} else word


# --- rules: each looks at one token and returns the slots it anchors ------------------------------------------
def residence(context: _Context, i: int) -> list[SlotValue]:
    if _lemma(context, i) == "address":
        return _address(context, i)
    if _lemma(context, i) == "be":
        return _back_in_a_place(context, i)
    renting = _renting_a_home(context, i)
    # "moved out of London to Brighton": the new home says where one lives; alone, the home left is denied
    moved_out = _moved_out_of(context, i) if _lemma(context, i) == "move" else []
    staying = _lemma(context, i) == "stay" and _for_an_open_while(context, i)
    if _lemma(context, i) not in ("live", "reside", "move", "relocate", "settle", "base") and not renting and not staying:
        return []
    if _lemma(context, i) in ("move", "relocate") and _a_thing_moved(context, i):
        return []
    out = []
    # "moved back home to Ohio": the place may hang on the adverb, or on a phrase said between that the parse
    # hangs loose ("moved again, only round the corner, to a bigger flat in Dalston")
    heads = [i] + [a for a in _children(context, i, "advmod") if context.doc.tokens[a].lower in DIRECTIONS | {"home"}]
    heads += _children(context, i, "dep") + (_children(context, i, "dobj") if renting else [])
    for prep, obj in [po for head in heads for po in _prep_objects(context, head, ("in", "to", "into", "on") + ("at",) * staying)]:
        if _is_place(context, obj) or (staying and _lemma(context, obj) in HOMES):
            # "moved into a house in Leeds", "lives on Baker Street in Leeds": the town, not the home or the street
            named = [o for p, o in _prep_objects(context, obj, ("in",)) if _is_place(context, o)]
            street = context.doc.tokens[prep].lower == "on"
            place = named[0] if named and (street or context.doc.tokens[obj].pos != "PROPN") else obj
            out.append(_slot(context, i, "residence", _place_value(context, place), "", prep, place,
                             subject=SELF if _moved_the_speaker(context, i) else None))
            break
    if out and context.doc.tokens[i].pos == "NOUN" and not _a_move_behind(context, i):
        out = [replace(slot, future=True) for slot in out]  # "planning my move to Valencia in the summer"
    return out or moved_out or _moved_to_a_town_read_as_a_verb(context, i)


# The movers themselves, said as the object: "we moved ourselves to Leeds", "the firm moved us to Leeds"
MOVERS_THEMSELVES = frozenset({"myself", "ourselves", "ourself", "me", "us"})
# What one moves along with oneself when one moves home: "moved house to York", "moved all my stuff to Leeds",
# "moved the kids to Bristol"
MOVED_WITH_ONESELF = HOMES | CHILD_NOUNS | ANIMALS | MOVERS_THEMSELVES | frozenset(
    {"house", "stuff", "things", "everything", "belongings", "family", "life", "pets"})


def _a_thing_moved(context: _Context, move: int) -> bool:
    """The move has an object other than one's home, children or belongings: a thing or someone else moved, not
    the mover's home ("moved it to York, Newcastle was too dear", "we moved the party to Leeds", "moved mum into
    a home in York", "the firm moved us to Leeds", where the firm lives nowhere). "Moved house to York", "moved
    the kids to Bristol" still move home."""
    return any(context.doc.tokens[obj].lower not in MOVED_WITH_ONESELF and _lemma(context, obj) not in MOVED_WITH_ONESELF
               and not _all_of_it(context, obj) for obj in _children(context, move, "dobj"))


def _moved_the_speaker(context: _Context, move: int) -> bool:
    """"the firm moved us to Leeds", "they relocated me to York": the speaker moved home, not the firm."""
    return any(context.doc.tokens[obj].lower in ("us", "me") for obj in _children(context, move, "dobj"))


def _all_of_it(context: _Context, obj: int) -> bool:
    """"moved it all to Leeds": everything one has, as "everything" is; the parse may hang "all" on "it" or on the
    verb beside it."""
    doc = context.doc
    return doc.tokens[obj].lower == "it" and obj + 1 < len(doc.tokens) and doc.tokens[obj + 1].lower == "all"


def _a_move_behind(context: _Context, move: int) -> bool:
    """A move named by the noun has happened: told with a past verb ("the move to Leeds went fine"), or after
    "since"/"after" ("since my move to Leeds"); else it may be one ahead ("help planning my move to Valencia")."""
    first = min(subtree(context.doc, move))
    if first > 0 and context.doc.tokens[first - 1].lower in ("since", "after"):
        return True  # "since my move to Cork I've been cycling", whatever the parse hangs "since" on
    up = _parent(context, move)
    while up is not None and context.doc.tokens[up[0]].pos not in ("VERB", "AUX"):
        if context.doc.tokens[up[0]].lower in ("since", "after"):
            return True
        up = _parent(context, up[0])
    return up is not None and context.doc.tokens[up[0]].tag in ("VBD", "VBN") and not _looks_ahead(context, up[0])


def _back_in_a_place(context: _Context, be: int) -> list[SlotValue]:
    """"I'm back in Toronto", "mum is back in london now": back where one lives, after a stay away, so a later
    "back in" ends the stay in Singapore. Being in a place without "back" ("I'm in Paris this week") is a visit."""
    doc = context.doc
    # every "be" of every memory comes here: the cheap tests first
    backs = [k for k in _children(context, be, "advmod") if doc.tokens[k].lower == "back"]
    if not backs or doc.tokens[be].tag not in ("VBP", "VBZ") or not _of_a_person(context, be):
        return []
    if any(_is_time(context, k) and doc.tokens[k].lower != "now" for k in subtree(doc, be)):
        return []  # "I'm back in Leeds on Friday", "back in Toronto next week": an arrival ahead, not where one is
    if _for_a_purpose(context, be):
        return []  # "back in Paris for a conference", "back in Leeds visiting family": a visit
    for back in backs:
        for prep, obj in _prep_objects(context, back, ("in",)) + _prep_objects(context, be, ("in",)):
            if _is_place(context, obj):
                return [_slot(context, be, "residence", _place_value(context, obj), "", back, prep, obj)]
    return []


def _for_a_purpose(context: _Context, verb: int) -> bool:
    """The verb's stay has a purpose or a limit said with it: "for a conference", "for the wedding", "just for a
    week", "visiting family" (a gerund of doing); "for good" is none."""
    doc = context.doc
    words = subtree(doc, verb)
    if any(doc.tokens[k].lower == "just" for k in words):
        return True
    fors = [o for k in words if doc.tokens[k].lower == "for" for o in _children(context, k, "pobj")]
    if any(doc.tokens[o].lower != "good" for o in fors):
        return True
    return any(doc.tokens[k].tag == "VBG" for k in _children(context, verb, "advcl", "xcomp", "conj"))


# Chat's words for "at the moment" the parse may join to a place before them ("i live in bristol atm").
FOR_NOW_WORDS = frozenset({"atm", "rn", "currently", "now", "tho", "though"}) | CHAT_INTERJECTIONS


def _place_value(context: _Context, place: int) -> str:
    """The place as compared between memories, without a chat word the parse made part of it: "bristol", not
    "bristol atm"."""
    words = _value(context, place).split()
    while len(words) > 1 and words[-1] in FOR_NOW_WORDS:
        words.pop()
    return " ".join(words)


def _moved_out_of(context: _Context, verb: int) -> list[SlotValue]:
    """"Mike moved out of Jun's spare room", "I've moved out of the flat in Leeds": no longer living there (the
    value denied, which ends the stay or home of that value)."""
    doc = context.doc
    outs = [k for k in _children(context, verb, "prep", "prt", "advmod") if doc.tokens[k].lower == "out"]
    for prep, home in [po for out in outs for po in _prep_objects(context, out, ("of",))]:
        if _is_place(context, home) or _lemma(context, home) in HOMES:
            named = [o for p, o in _prep_objects(context, home, ("in",)) if _is_place(context, o)]
            place = named[0] if named and doc.tokens[home].pos != "PROPN" else home
            return [_slot(context, verb, "residence", _place_value(context, place), "", prep, place, negated=True)]
    return []


# How long a stay goes on when it is for now and no end is said: "staying in Jun's spare room for a while"
OPEN_WHILES = frozenset({"while", "now", "being"})


def _for_an_open_while(context: _Context, verb: int) -> bool:
    """A stay with no end said ("for a while", "for now", "for the time being"), which is where one lives for now;
    a stay for a week or a weekend is a visit."""
    return any(_lemma(context, o) in OPEN_WHILES for _, o in _prep_objects(context, verb, ("for",)))


def _moved_to_a_town_read_as_a_verb(context: _Context, verb: int) -> list[SlotValue]:
    """"we moved to solihull": the parse reads an unknown town after "to" as an infinitive ("to solihull" as "to
    go"); a known town's name there is the place moved to."""
    if _lemma(context, verb) not in ("move", "relocate"):
        return []
    for k in _children(context, verb, "xcomp"):
        to = [a for a in _children(context, k, "aux") if context.doc.tokens[a].lower == "to"]
        if to and not _children(context, k, "dobj") and context.doc.tokens[k].lower in known_places():
            return [_slot(context, verb, "residence", _value(context, k), "", to[0], k)]
    return []


def _renting_a_home(context: _Context, verb: int) -> bool:
    """One rents or shares a home now ("I rent a one-bed in Didsbury"), or has bought one ("we bought a bungalow in
    Scarborough"): not for a stay or for someone else ("renting a cottage in Cornwall for the week", "bought a flat
    in Leeds for my daughter"), nor one not lived in ("a holiday home in Spain")."""
    doc = context.doc
    lemma, tag = _lemma(context, verb), doc.tokens[verb].tag
    rents = lemma in ("rent", "share") and tag in ("VBP", "VBZ")
    bought = lemma == "buy" and (tag == "VBD" or (tag == "VBN" and any(_lemma(context, a) == "have" for a in _children(context, verb, "aux"))))
    if not (rents or bought) or any(doc.tokens[p].lower == "for" for p in _children(context, verb, "prep")):
        return False
    # one buys a bed or a room's furniture, not a home: "a one-bed" is rented
    homes = [o for o in _children(context, verb, "dobj") if _lemma(context, o) in (HOMES - {"bed", "room"} if bought else HOMES)]
    return any(
        not any(_lemma(context, m) in NOT_LIVED_IN for m in _children(context, o, "compound", "amod")) for o in homes
    )


def _address(context: _Context, i: int) -> list[SlotValue]:
    """"My new address is 5 Elm Road, York": one's address is where one lives."""
    parent = _parent(context, i)
    if context.doc.tokens[i].pos != "NOUN" or parent is None or parent[1] != "nsubj":
        return []
    if _lemma(context, parent[0]) != "be":
        return []
    return [_slot(context, parent[0], "residence", _value(context, place), "", i, place, subject=_owner(context, i))
            for place in _children(context, parent[0], "attr")[:1]]


def job(context: _Context, i: int) -> list[SlotValue]:
    lemma = _lemma(context, i)
    token = context.doc.tokens[i]
    out: list[SlotValue] = []
    # "late march works for me", "that works for Kim": what suits someone, not whom they work for
    suits = lemma == "work" and (not _of_a_person(context, i) or any(  # (a time before it, as its subject)
        _is_time(context, k) or context.doc.tokens[k].lower in MONTHS for k in _children(context, i, "nsubj", "npadvmod") if k < i))
    if token.pos in ("VERB", "AUX") and lemma in ("work", "hire", "employ", "promote") and not suits:
        out += _role_and_employer(context, i, i)
    if token.pos == "VERB" and lemma in ("start", "begin", "join"):
        out += _new_job(context, i)
    if lemma == "be":
        out += _now_that_at(context, i)
    if token.pos == "NOUN" and lemma in JOB_NOUNS and lemma != "work":
        parent = _parent(context, i)
        if parent and parent[1] == "dobj" and _lemma(context, parent[0]) in ("get", "land", "start", "take", "accept", "find", "have", "begin", "lose", "quit", "leave"):
            if _lemma(context, parent[0]) in JOB_LOSS_VERBS:
                leaves_now = _said_of_a_person(context, parent[0]) and not _a_past_job(context, i)
                return _job_loss(context, parent[0], i) if leaves_now else []
            found = _role_and_employer(context, i, parent[0]) + _role_and_employer(context, parent[0], parent[0], only_new=True)
            found += _firm_before_the_job(context, i, parent[0])
            if _lemma(context, parent[0]) in ("start", "begin") and _starting_on_a_day_ahead(context, parent[0]):
                found = [replace(slot, future=True) for slot in found]  # "I start my new job at Stripe on the 18th"
            out += found
    if token.pos == "NOUN" and lemma in JOB_NOUNS:
        parent = _parent(context, i)
        if parent and parent[1] == "nsubj" and _lemma(context, parent[0]) == "be":
            # "my new job is at a school": the job's owner works there
            for prep, obj in _prep_objects(context, parent[0], ("at", "with", "for")):
                out.append(_slot(context, parent[0], "employer", _value(context, obj), "", i, prep, obj, subject=_owner(context, i)))
    if token.pos == "VERB" and lemma in JOB_LOSS_VERBS and _said_of_a_person(context, i):
        objects = _children(context, i, "dobj")
        if lemma in ("retire", "resign") or any(
                (_lemma(context, o) in JOB_NOUNS and not _a_past_job(context, o)) or _left_employer(context, lemma, o) for o in objects):
            return _job_loss(context, i, *objects)
    if token.pos == "VERB" and lemma in NOTICE_VERBS:
        # "handed in my notice" parses "in" as a particle or as a preposition
        objects = _children(context, i, "dobj") + [obj for _, obj in _prep_objects(context, i, ("in",))]
        notices = [o for o in objects if _lemma(context, o) in NOTICE_NOUNS and _notice_at_work(context, i, o)]
        # "handed in my notice at Amazon", "turned in my resignation"; not notice given to the landlord
        if notices and not any(_lemma(context, k) in HOUSING_NOUNS for k in subtree(context.doc, i)):
            return _job_loss(context, i, *notices)
    passive = _children(context, i, "nsubjpass", "auxpass")
    if token.pos == "VERB" and lemma in JOB_LOSS_PASSIVE and passive:
        particles = _children(context, i, "prt", "xcomp")
        if JOB_LOSS_PASSIVE[lemma] is None or any(_lemma(context, p) == JOB_LOSS_PASSIVE[lemma] for p in particles):
            return _job_loss(context, i, *particles)
    if token.pos == "VERB" and lemma in JOB_LOSS_PASSIVE and not passive:
        dismissed = _dismissed(context, i, lemma)
        if dismissed is not None:
            return _job_loss(context, i, dismissed, subject=_subject_key(context, dismissed))
    if token.pos == "NOUN" and _a_role(context, i) and lemma not in LEARNER_NOUNS:
        parent = _parent(context, i)
        if parent and parent[1] == "attr" and _lemma(context, parent[0]) in ("be", "become"):
            if _subject(context, parent[0]) == SELF:
                out.append(_slot(context, parent[0], "job", _value(context, i), "", i))
                out += [_employer(context, parent[0], p, o) for p, o in _prep_objects(context, i, ("at", "for")) if _a_firm(context, o)]
    out += _working_for_oneself(context, i)
    if token.pos == "ADJ" and lemma in JOB_STATES:
        parent = _parent(context, i)
        # "I'm unemployed"; "I was made redundant"; not a thing ("this step is redundant") nor "I'm not retired"
        if parent and parent[1] in ("acomp", "oprd") and _of_a_person(context, parent[0]) and not _negated(context, parent[0], i):
            return _job_loss(context, parent[0], i)
    return out


def _said_of_a_person(context: _Context, verb: int) -> bool:
    """A verb of leaving work said as what someone did, not denied and not a participle that describes a thing:
    "I retired in March", not "we adopted a retired greyhound", "I'm not retired", "I didn't quit"."""
    parent = _parent(context, verb)
    if parent is not None and parent[1] in ("amod", "compound", "acl"):
        return False
    # "I didn't retire until I was 70" did retire
    until = any(context.doc.tokens[k].lower == "until" for k in subtree(context.doc, verb))
    return (until or not _negated(context, verb)) and _of_a_person(context, verb)


def _firm_before_the_job(context: _Context, noun: int, verb: int) -> list[SlotValue]:
    """"I got the Monzo job", "Tom landed the Deloitte role": a name before the job noun is the firm it is at,
    whatever the tagger calls it (it takes unknown firms for people; a person's job would be "Sam's job"). Not a
    place or a day ("the London job", "the Friday job"), nor a job found as a listing ("found the Monzo job on
    LinkedIn")."""
    if _lemma(context, verb) == "find":
        return []
    out = []
    for name in _children(context, noun, "compound"):
        token = context.doc.tokens[name]
        if token.pos == "PROPN" and token.ent not in PLACE_ENTITIES | {"DATE", "TIME"} and not _is_time(context, name) \
                and token.lower not in known_places():
            out.append(_slot(context, verb, "employer", _value(context, name), "", noun, name))
    return out


def _a_past_job(context: _Context, noun: int) -> bool:
    """A job had before the one now: "my last job", "my old job", "a previous role". Leaving it ends nothing now
    ("I left my last job for less money" tells of then; the speaker works somewhere since)."""
    return any(_lemma(context, m) in FORMER for m in _children(context, noun, "amod", "compound"))


def _of_a_person(context: _Context, predicate: int) -> bool:
    """The predicate's subject is someone: a personal pronoun, a name or a relative; or none is said, as chat leaves
    out the speaker ("got let go")."""
    subjects = _children(context, predicate, "nsubj", "nsubjpass")
    if not subjects:
        return True
    token = context.doc.tokens[subjects[0]]
    if token.pos == "PRON":
        return token.lower in PERSONAL_PRONOUNS
    if _is_self_token(context, token.i):
        return True  # the speaker's own name, whatever the tagger makes of it ("Amara graduated": an ORG)
    return (token.pos == "PROPN" and token.ent not in NOT_PEOPLE) or _lemma(context, token.i) in RELATIVES


def _new_job(context: _Context, verb: int) -> list[SlotValue]:
    """"I just started at Google as a product manager": a role said with "as", or an organisation (the tagger's
    ORG) started at or joined; a place one starts at ("started at the gym") is no employer."""
    organisations = [(p, o) for p, o in _prep_objects(context, verb, ("at",)) if context.doc.tokens[o].ent == "ORG"]
    if _lemma(context, verb) == "join":
        organisations += [(o, o) for o in _children(context, verb, "dobj")
                          if context.doc.tokens[o].ent == "ORG" and not _a_club(context, o)]
    if _prep_objects(context, verb, ("as",)):
        found = _role_and_employer(context, verb, verb)
        # "join Google in June as a senior engineer": the organisation joined is the employer the "as" did not name
        if not any(slot.slot == "employer" for slot in found):
            found += [_employer(context, verb, p, o) for p, o in organisations if o in _children(context, verb, "dobj")]
    else:
        found = [_employer(context, verb, p, o) for p, o in organisations]
    if _starting_on_a_day_ahead(context, verb):
        found = [replace(slot, future=True) for slot in found]
    return found


# Days that are no day ahead for a job one starts on them: "I start at Nopi today as head chef" holds now.
TODAY_WORDS = frozenset({"today", "tonight", "now"})


def _starting_on_a_day_ahead(context: _Context, verb: int) -> bool:
    """A start timetabled for a day, not told as done: the simple present ("I start at Arup on the 3rd as a
    graduate engineer") or chat's bare gerund ("starting monday as head chef"; the progressive "I'm starting at
    Arup on the 3rd" too, whatever the date's words). Until that day the job is a plan, as a move ahead is, not
    the job now. Not a habit ("I start at 8 every day"), nor a day behind ("started last week")."""
    doc, token = context.doc, context.doc.tokens[verb]
    present_be = any(_lemma(context, a) == "be" and doc.tokens[a].tag in ("VBP", "VBZ") for a in _children(context, verb, "aux"))
    progressive = token.tag == "VBG" and (present_be or not _children(context, verb, "aux"))
    if not (token.tag in ("VBP", "VBZ") or progressive) or habitual(doc, verb) or _negated(context, verb):
        return False
    # a day, not an hour ("I start at Tesco at 6am most days" tells the shift, not a start ahead)
    dated = {doc.tokens[k].lower for k in subtree(doc, verb) if (_is_time(context, k) and doc.tokens[k].ent != "TIME"
             and not CLOCK.match(doc.tokens[k].text) and doc.tokens[k].lower not in ("am", "pm"))
             or _a_day_of_the_month(context, k)}
    return bool(dated) and not dated & (TODAY_WORDS | {"last", "ago", "yesterday", "earlier", "past"})


def _a_day_of_the_month(context: _Context, i: int) -> bool:
    """"on the 3rd": an ordinal after "on" is a day, which the tagger calls an ordinal, not a date."""
    up = _parent(context, i)
    return context.doc.tokens[i].ent == "ORDINAL" and up is not None and context.doc.tokens[up[0]].lower == "on"


def _now_that_at(context: _Context, verb: int) -> list[SlotValue]:
    """Where one works, said as the new state things follow from: "now that I'm at Monzo, ...". Not where one is
    right now ("I'm still at Tesco, want anything?", "I'm at Starbucks now"), nor a place."""
    doc = context.doc
    up = _parent(context, verb)
    now_that = up is not None and doc.tokens[up[0]].lower == "now" and any(
        doc.tokens[m].lower == "that" for m in _children(context, verb, "mark"))
    if not now_that or _subject(context, verb) != SELF:
        return []
    for prep, obj in _prep_objects(context, verb, ("at",)):
        token = doc.tokens[obj]
        if token.pos == "PROPN" and token.ent not in PLACE_ENTITIES | {"PERSON"} | NOT_PEOPLE - {"ORG"}:
            return [_slot(context, verb, "employer", _value(context, obj), "", prep, obj)]
    return []


def _role_and_employer(context: _Context, head: int, predicate: int, only_new: bool = False) -> list[SlotValue]:
    out = []
    # "a job with Google" names an employer; "worked with the artist" a collaborator
    is_job_noun = context.doc.tokens[head].pos == "NOUN" and _lemma(context, head) in JOB_NOUNS
    preps = ("at", "for", "with", "by") if is_job_noun else ("at", "for", "by")
    for prep, obj in _prep_objects(context, head, ("as",)):
        # on the verb of "started a new job as a nurse", only an occupation: "took the job as a favour" is none
        if not only_new or _a_role(context, obj):
            out.append(_slot(context, predicate, "job", _value(context, obj), "", prep, obj))
        for prep2, obj2 in _prep_objects(context, obj, ("at", "for")):
            out.append(_employer(context, predicate, prep2, obj2))
    for prep, obj in _prep_objects(context, head, preps):
        reflexive = context.doc.tokens[obj].lower.endswith(("self", "selves"))
        if context.doc.tokens[obj].lemma.lower() not in NOT_EMPLOYERS and not _is_time(context, obj) \
                and (reflexive or context.doc.tokens[obj].pos != "PRON" and not _is_self_token(context, obj)):
            # "works for me" (written "works for Priya") is no employer; "I work for myself" is one's own
            out.append(_employer(context, predicate, prep, obj))
    if _lemma(context, head) == "promote":
        for prep, obj in _prep_objects(context, head, ("to",)):
            out.append(_slot(context, predicate, "job", _value(context, obj), "", prep, obj))
            for prep2, obj2 in _prep_objects(context, obj, ("at",)):  # "promoted to senior designer at Figma"
                out.append(_employer(context, predicate, prep2, obj2))
        out += _promoted_to_a_rank_read_as_a_verb(context, head, predicate)
    return [slot for slot in out if slot.value]


def _a_role(context: _Context, noun: int) -> bool:
    """The noun names a job: an occupation ("a logistics planner"), or an agent noun after a rank ("a senior
    analyst", "lead singer"). An agent noun alone is none, even with a firm after it: "I'm a runner", "a season
    ticket holder at Arsenal", "a blood donor with the NHS" tell a habit or a membership."""
    lemma = _lemma(context, noun)
    if lemma in OCCUPATIONS:
        return True
    if lemma in NOT_ROLES or len(lemma) < 5 or not lemma.endswith(AGENT_ENDINGS):
        return False
    return any(_lemma(context, m) in RANKS | OCCUPATIONS for m in _children(context, noun, "compound", "amod"))


def _a_firm(context: _Context, i: int) -> bool:
    """A name that can be an employer: not a person, a place or a date ("a nurse at St James's", not "at Leeds")."""
    token = context.doc.tokens[i]
    return token.pos == "PROPN" and token.ent not in PLACE_ENTITIES | {"PERSON", "DATE", "TIME"}


def _promoted_to_a_rank_read_as_a_verb(context: _Context, head: int, predicate: int) -> list[SlotValue]:
    """"I got promoted to head baker": the tagger reads "to head" as an infinitive and the role as its object."""
    out = []
    for verb in _children(context, head, "xcomp"):
        if context.doc.tokens[verb].lower in RANKS:
            for obj in _children(context, verb, "dobj"):
                role = context.doc.span_text(verb, _phrase_tokens(context, obj)[-1] + 1).lower()
                out.append(_slot(context, predicate, "job", role, "", verb, obj))
    return out


def _working_for_oneself(context: _Context, i: int) -> list[SlotValue]:
    """"I'm self-employed", "I'm freelance", "I went freelance", "I'm freelancing full time now": a job of one's
    own, so no employer; "between jobs" is no job. A later employer replaces the state, as a firm replaces a firm."""
    doc, lemma = context.doc, _lemma(context, i)
    token = doc.tokens[i]
    if token.pos == "VERB" and lemma == "employ" and any(_lemma(context, m) == "self" for m in _children(context, i, "npadvmod", "compound")):
        return _own_job(context, i, i, "self-employed")
    if lemma == "freelance" and token.tag == "VBG" and not _working_for_someone(context, i):
        return _own_job(context, i, i, "freelance")
    parent = _parent(context, i)
    if lemma == "freelance" and token.pos in ("NOUN", "ADJ") and parent and parent[1] in ("attr", "acomp", "dobj"):
        if _lemma(context, parent[0]) in ("be", "go", "become", "turn"):
            return _own_job(context, parent[0], i, "freelance")
    if token.pos == "ADP" and token.lower == "between" and parent and _lemma(context, parent[0]) == "be" and not _was(context, parent[0]):
        if any(_lemma(context, o) == "job" for o in _children(context, i, "pobj")):
            return _job_loss(context, parent[0], i)
    return []


def _working_for_someone(context: _Context, verb: int) -> bool:
    """"Freelancing for Netflix" works for a firm; "freelancing full time" or "on Mondays" still for oneself."""
    return any(
        not _is_time_phrase(context, o) and _lemma(context, o) != "time" for o in _children(context, verb, "dobj", "prep")
    )


def _own_job(context: _Context, predicate: int, anchor: int, role: str) -> list[SlotValue]:
    if _subject(context, predicate) != SELF and _children(context, predicate, "nsubj", "nsubjpass"):
        return []
    return [_slot(context, predicate, "job", role, "", anchor), _slot(context, predicate, "employer", NONE_VALUE, "", anchor)]


def _left_employer(context: _Context, lemma: str, obj: int) -> bool:
    """"I quit Brightwave", "I left Blue Bottle": a named organisation left. One quits a company, not a person
    (the tagger calls unknown company names people), nor a known town ("I quit London"; it calls unknown firms
    towns too: "I quit Brightline"), but one leaves all three, so "leave" needs the organisation tag."""
    token = context.doc.tokens[obj]
    if _a_club(context, obj):
        return False  # "I left the Riverside Rowing Club in June": a membership, no job
    if lemma == "quit":
        return token.pos == "PROPN" and not (token.ent in PLACE_ENTITIES and token.lower in known_places())
    return lemma == "leave" and token.ent == "ORG"


def _a_club(context: _Context, noun: int) -> bool:
    """``noun`` names what one is a member of (:data:`MEMBERSHIP_NOUNS`): by its own word ("the chess club", "the
    Riverside Rowing Club"), its apposition ("the Hackney Hawks, a women's five-a-side team") or a gym's name
    ("PureGym")."""
    said = [noun, *_children(context, noun, "appos")]
    return _a_gym(context, noun) or context.doc.tokens[noun].lower in YOUTH_GROUPS or any(
        context.doc.tokens[k].lower in MEMBERSHIP_NOUNS or _lemma(context, k) in MEMBERSHIP_NOUNS for k in said)


def _employer(context: _Context, predicate: int, prep: int, obj: int) -> SlotValue:
    return _slot(context, predicate, "employer", _value(context, obj), "", prep, obj)


# Whom notice is given to at work: "gave notice to my boss", "gave my manager notice", "told HR"
NOTICE_AT_WORK_TAKERS = frozenset({"boss", "manager", "supervisor", "hr", "employer", "work", "company", "firm",
                                   "office", "team", "job"})
# What notice is given to that is no job: "gave notice to the gym", "gave notice on the flat"; a firm one buys from
# ("gave notice, last delivery from them is friday", "gave our supplier notice")
NOTICE_OFF_WORK = MEMBERSHIP_PLACES | HOUSING_NOUNS | {"membership", "room", "house", "tenancy", "contract"} | {
    "supplier", "wholesaler", "provider", "delivery", "subscription"}


def _notice_at_work(context: _Context, verb: int, notice: int) -> bool:
    """Notice handed in is one's job's ("handed in my notice", "put notice in"). Notice given is too when the
    speaker gives it, bare or with its length ("I gave two weeks' notice", "finally gave notice!", "gave my month's
    notice to my manager"), or anyone gives their own ("Tom gave his notice"); not where it goes to someone or
    something other than work, or on a home ("gave notice to the gym", "gave a month's notice on the flat"), nor
    where another gives it ("the letting agent gave six weeks notice", the landlord "gave us 2 months notice")."""
    if _lemma(context, verb) != "give":
        return True
    lengths = [k for k in _children(context, notice, "poss") if _is_time(context, k) or context.doc.tokens[k].ent == "DATE"]
    owners = [k for k in (notice, *lengths) for k in _children(context, k, "poss")
              if not _is_time(context, k) and context.doc.tokens[k].ent != "DATE"]
    if owners or _prep_objects(context, verb, ("in", "at")) or _prep_objects(context, notice, ("at",)) or (
            "in" in _particles(context, verb)):
        return True
    takers = [o for _, o in _prep_objects(context, verb, ("to", "on")) + _prep_objects(context, notice, ("to", "on"))]
    takers += [k for k in _children(context, verb, "dative", "iobj") if context.doc.tokens[k].pos != "ADP"]
    takers = [k for k in takers if not _is_time(context, k) and context.doc.tokens[k].ent not in ("DATE", "TIME")]
    if any(_lemma(context, k) not in NOTICE_AT_WORK_TAKERS and context.doc.tokens[k].ent != "ORG" for k in takers):
        return False
    if any(token.lemma.lower() in NOTICE_OFF_WORK for token in context.doc.tokens):
        return False  # "gave notice, the gym was never open anyway"
    return _subject(context, verb) == SELF


def _job_loss(context: _Context, predicate: int, *anchor_tokens: int, subject: str | None = None) -> list[SlotValue]:
    """No job and no employer now; but where the firm left is named ("handed in my notice at Harcourt", "I quit
    Harcourt"), only that employer ends: the notice at the old firm is often told after the new job is ("got the
    Monzo job!" ... "handed in my notice at Harcourt today"), and must not end it. One who retires has no job
    at all, wherever from."""
    firm = None if _lemma(context, predicate) == "retire" else _firm_left(context, predicate, *anchor_tokens)
    if firm is not None:
        return [_slot(context, predicate, "employer", _value(context, firm), "", *anchor_tokens, firm, subject=subject,
                      negated=True)]
    return [
        _slot(context, predicate, "job", NONE_VALUE, "", *anchor_tokens, subject=subject, negated=False),
        _slot(context, predicate, "employer", NONE_VALUE, "", *anchor_tokens, subject=subject, negated=False),
    ]


def _firm_left(context: _Context, predicate: int, *anchor_tokens: int) -> int | None:
    """The firm a job loss names: left or quit ("I left Google", "quit Harcourt"), or where the job, the notice or
    the leaving was ("my notice at Harcourt", "resigned from Harcourt", "let go from Argos"); not a place ("my job
    in Leeds", "at Leeds": a town known as one). One's notice is not handed in at a person or a building, so any
    other name there is a firm whatever the tagger calls it ("at Pearson", "at the Hilton", "from Harcourt")."""
    named = [o for o in _children(context, predicate, "dobj") if _left_employer(context, _lemma(context, predicate), o)]
    # "handed my notice in at Tesco": the firm hangs on the "in"
    handed_in = [p for p in _children(context, predicate, "prep", "prt") if context.doc.tokens[p].lower == "in"]
    for head in (predicate, *anchor_tokens, *handed_in):
        named += [o for _, o in _prep_objects(context, head, ("at", "from")) if _a_firm_or_person(context, o)]
    return named[0] if named else None


def _a_firm_or_person(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    return (token.pos == "PROPN" and token.ent not in ("DATE", "TIME") and not _is_time(context, i)
            and not HOLIDAY.match(token.lower) and token.lower not in known_places())  # not "at Easter"


def _is_time_phrase(context: _Context, i: int) -> bool:
    """Token ``i`` heads a time said beside a verb: "on Monday", "last week", "yesterday"."""
    doc = context.doc
    heads = [i] + (_children(context, i, "pobj") if doc.tokens[i].pos == "ADP" else [])
    return any(doc.tokens[h].ent in ("DATE", "TIME") or _is_time(context, h) for h in heads)


def _dismissed(context: _Context, verb: int, lemma: str) -> int | None:
    """Whom an employer puts out of work in the active: "they fired me", "the bank laid me off", "Trattoria Nonna
    let me go"; a person, not a thing ("I fired the kiln")."""
    if _negated(context, verb):
        return None
    if lemma == "let":
        # a bare "go", at most dated: "let me go on Monday", not "let me go to the party / home early / first"
        going = [c for c in _children(context, verb, "ccomp", "xcomp") if _lemma(context, c) == "go"
                 and all(_is_time_phrase(context, a.dep) or a.label in ("nsubj", "punct") for a in context.doc.children(c))]
        people = _children(context, going[0], "nsubj") if going else []
    else:
        needed = JOB_LOSS_PASSIVE[lemma]
        particles = {_lemma(context, p) for p in _children(context, verb, "prt")}
        if particles != ({needed} if needed else set()):
            return None  # "they fired Priya up": no job lost
        people = _children(context, verb, "dobj")
    if not people:
        return None
    person = context.doc.tokens[people[0]]
    if person.pos == "PRON":
        return people[0] if person.lower in PERSONAL_PRONOUNS else None
    # the speaker's own name, whatever the tagger calls it ("They fired Priya", Priya an ORG to the small model)
    named = person.pos == "PROPN" and (person.ent not in NOT_PEOPLE or _subject_key(context, person.i) == SELF)
    return people[0] if named or _lemma(context, person.i) in RELATIVES else None


def diet(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    lemma = _lemma(context, i)
    if (lemma in DIETS and lemma not in DIET_ALIASES) or token.lower in DIETS:  # "veggies" are vegetables
        name = DIET_ALIASES.get(token.lower, token.lower)
        passive = token.pos in ("VERB", "NOUN") and bool(_children(context, i, "nsubjpass"))
        if (token.pos == "ADJ" and _children(context, i, "nsubj") or passive) and _of_a_person(context, i) and not (
                passive and (any(context.doc.tokens[a].lower in ("was", "were") for a in _children(context, i, "auxpass"))
                             or _a_spell(context, i))):
            # ("Tom was veggie for a while at uni": a diet that was)
            # the parse may make the diet the head of its clause, its link verb an auxiliary: "I've gone mostly
            # vegetarian" (with "gone" as "aux"), "Tom is veggie" (read as a passive)
            return [_slot(context, i, "diet", name, "", i)]
        parent = _parent(context, i)
        if parent is None:
            return []
        head, label = parent
        # "I started keto"; not "I started vegan baking"
        started = _lemma(context, head) in DIET_STARTS and not _children(context, i, "acl", "compound", "relcl", "prep")
        # of a person, not a dish ("the lasagne is veggie now"), and no spell that ended ("went veggie for a month")
        linked = label in ("acomp", "attr", "dobj", "oprd", "npadvmod") and _lemma(context, head) in DIET_LINKS and (
            _of_a_person(context, head) and not _a_spell(context, head) and not _a_spell(context, i))
        if linked or started and label in ("dobj", "xcomp"):
            if _lemma(context, head) in ("do", "try") and context.doc.tokens[head].tag == "VBD":
                return []  # "I did keto for a month" is over; "I'm doing keto", "I do paleo" hold
            if started and _undone_after(context, head):
                return []  # "I started paleo but quit after a week"
            ended = _parent(context, head)
            if ended is not None and ended[1] in ("xcomp", "pcomp") and _lemma(context, ended[0]) in STOP_BEING:
                # "Tom has stopped being vegan", "I quit being vegetarian": no longer on it ("I never stopped being
                # vegetarian" still is; "I almost quit being vegan" still is)
                if _almost(context, ended[0]):
                    return []
                return [_slot(context, ended[0], "diet", name, "", head, i, negated=not _negated(context, ended[0]))]
            return [_slot(context, head, "diet", name, "", i)]
        if label == "pobj" and context.doc.tokens[head].lower == "to" and _back_to_a_diet(context, head):
            # "Tom's gone back to fully veggie", "I've switched to vegan": on it again, or now
            verb = _parent(context, head)[0]
            verb = _parent(context, verb)[0] if context.doc.tokens[verb].lower == "back" and _parent(context, verb) else verb
            return [_slot(context, verb, "diet", name, "", head, i)]
        if label == "pobj" and context.doc.tokens[head].lower == "on":
            # "I'm on keto now", "we went on paleo"; "I gave up on keto": no longer on it. Not a spell over ("I was
            # on keto for a month last year") nor a giving up that nearly happened ("I almost gave up on keto")
            on = _parent(context, head)
            verb = on[0] if on is not None and on[1] == "prep" else None
            if verb is None or _was(context, verb) or _almost(context, verb):
                return []
            if _lemma(context, verb) in ("be", "go", "stay", "start", "get"):
                return [_slot(context, verb, "diet", name, "", head, i)]
            if _lemma(context, verb) == "give" and any(
                    context.doc.tokens[p].lower == "up" for p in _children(context, verb, "prt")):
                return [_slot(context, verb, "diet", name, "", head, i, negated=True)]
            return []
        if label in ("amod", "compound") and _lemma(context, head) in DIET_SPELLS and _spell_ended(context, head):
            # "the vegetarian thing lasted till May": no longer vegetarian
            ended = _parent(context, head)[0]
            return [_slot(context, ended, "diet", name, "", i, head, subject=_owner(context, head), negated=True)]
        if label in ("amod", "compound") and _lemma(context, head) == "diet":
            outer = _parent(context, head)
            predicate = outer[0] if outer else head
            return [_slot(context, predicate, "diet", name, "", i)]
        return []
    if token.pos == "VERB" and lemma in MEAT_QUIT_VERBS and any(_lemma(context, o) == "meat" for o in _children(context, i, "dobj")):
        particle = MEAT_QUIT_VERBS[lemma]
        if particle is None or any(context.doc.tokens[p].lower == particle for p in _children(context, i, "prt")):
            meat = next(o for o in _children(context, i, "dobj") if _lemma(context, o) == "meat")
            return [_slot(context, i, "diet", "vegetarian", "", meat, negated=False)]
    eaten = [o for o in _children(context, i, "dobj") if _lemma(context, o) in EATEN_AGAIN] if lemma == "eat" else []
    if token.pos == "VERB" and eaten:
        food = eaten[0]
        parent = _parent(context, i)
        stopped = parent is not None and _lemma(context, parent[0]) in ("stop", "quit", "give") and parent[1] in ("xcomp", "pcomp")
        predicate = parent[0] if stopped else i
        if _lemma(context, food) == "meat" and (stopped or _negated(context, i)):
            return [_slot(context, predicate, "diet", "vegetarian", "", food, negated=False)]
        if any(context.doc.tokens[a].lower == "again" for a in _children(context, i, "advmod")) or (
            parent is not None and _lemma(context, parent[0]) in ("start", "begin") and parent[1] == "xcomp"
        ) or _back_to(context, i):
            return [_slot(context, predicate, "diet", EATEN_AGAIN[_lemma(context, food)], "", food)]
    return []


def _a_spell(context: _Context, verb: int) -> bool:
    """The verb's state held for a spell said with it: "for a month", "for a while", "for Lent", "once"."""
    doc = context.doc
    return _a_break(context, verb) or any(doc.tokens[a].lower == "once" for a in _children(context, verb, "advmod")) or any(
        doc.tokens[o].ent in ("DATE", "EVENT") for _, o in _prep_objects(context, verb, ("for",)))


def _back_to_a_diet(context: _Context, to: int) -> bool:
    """The "to" of "gone back to veggie", "switched to vegan": a verb of going or switching, with or without
    "back", takes it (not "I talked to a vegan", "cooked for the vegan")."""
    up = _parent(context, to)
    if up is None:
        return False
    verb = up[0]
    if context.doc.tokens[verb].lower == "back" and _parent(context, verb) is not None:
        verb = _parent(context, verb)[0]
    if _lemma(context, verb) not in ("go", "switch", "move", "change", "convert") or _looks_ahead(context, verb):
        return False
    # "switched to veggie once but it didn't stick", "went back to veggie for a week then caved": a spell that ended
    return not _a_spell(context, verb) and not _undone_after(context, verb) and not _stuck_no(context, verb)


def _stuck_no(context: _Context, verb: int) -> bool:
    """A clause after the verb says it did not last: "... but it didn't stick", "... but it didn't last"."""
    doc = context.doc
    start, end = doc.sentences[doc.tokens[verb].sent]
    return any(_lemma(context, k) in ("stick", "last") and _negated(context, k)
               and any(doc.tokens[n].lower in ("it", "that") for n in _children(context, k, "nsubj")) for k in range(verb + 1, end))


# What opens a clause that puts a return ahead: "back to eating meat once the month is over", "... if the tests
# are fine".
RETURN_NOT_YET = frozenset({"once", "when", "after", "if"})


def _back_to(context: _Context, verb: int) -> bool:
    """"(I'm / I went) back to eating meat": the gerund after "back to", a return to what was done before."""
    up = _parent(context, verb)
    if up is None or up[1] != "pcomp" or context.doc.tokens[up[0]].lower != "to":
        return False
    back = _parent(context, up[0])
    if back is None or context.doc.tokens[back[0]].lower != "back":
        return False
    # "I'm not back to eating meat", "back to eating meat once the month is over": no return yet
    said_of = [back[0]] + ([_parent(context, back[0])[0]] if _parent(context, back[0]) else [])
    clauses = said_of + [a for k in said_of for a in _children(context, k, "advcl")]
    ahead = any(marked_by(context.doc, k, RETURN_NOT_YET) for k in clauses)
    return not ahead and not any(k in context.negated for k in said_of)


def _almost(context: _Context, verb: int) -> bool:
    """"I almost gave up on keto", "nearly quit being vegan": what nearly happened did not."""
    return any(context.doc.tokens[a].lower in ("almost", "nearly") for a in _children(context, verb, "advmod"))


def _undone_after(context: _Context, verb: int) -> bool:
    """A verb of stopping coordinated after ``verb``: "I started paleo but quit after a week"."""
    return any(_lemma(context, c) in STOP_HABIT for c in _children(context, verb, "conj"))


# What one is "back to" that is no pastime: a place, a routine, a state
NOT_RETURNS = frozenset(
    "school office home bed sleep reality normal basics square start beginning work uni university college class "
    "routine life earth business town city country house flat".split()
)


def _back_to_a_pastime(context: _Context, noun: int) -> list[SlotValue]:
    """"I'm back to pottery, tuesdays now", "back to the guitar again", "back on coffee": a pastime or a habit taken
    up again (``yes`` under each
    form it may have been kept up in). Not where one goes back ("back to school", "back to work", "back to
    London"), nor a return still ahead or denied."""
    doc = context.doc
    up = _parent(context, noun)
    if up is None or up[1] != "pobj" or _lemma(context, noun) in NOT_RETURNS:
        return []
    if not (doc.tokens[up[0]].lower == "to" or doc.tokens[up[0]].lower == "on" and _lemma(context, noun) in HABIT_NOUNS):
        return []  # "back on coffee", "back on the cigarettes": a habit; "back on track" is none
    if _children(context, noun, "nummod") or _lemma(context, noun) in MEASURE_UNITS | PERIOD_NOUNS:
        return []  # "back to 92 kg", "back to 3 times a week": an amount, no pastime
    back = _parent(context, up[0])
    if back is None or doc.tokens[back[0]].lower != "back":
        return []
    mover = _parent(context, back[0])
    if mover is not None and _lemma(context, mover[0]) in MOVING_VERBS and _children(context, mover[0], "dobj"):
        return []  # "they've pushed it back to the 29th", "put the class back to 6": a thing moved, no return
    said_of = [back[0]] + ([_parent(context, back[0])[0]] if _parent(context, back[0]) else [])
    if any(k in context.negated or marked_by(doc, k, RETURN_NOT_YET) for k in said_of):
        return []
    if any(doc.tokens[k].lower in ONE_OCCASION or doc.tokens[k].ent in ("DATE", "TIME") for k in subtree(doc, said_of[-1])):
        return []  # "back to the gym tomorrow", "back to pottery on Monday": one return, or one ahead
    scopes = _pastime_forms(context, noun, signed_up=False, for_good=False)
    subject = _subject(context, said_of[-1]) if len(said_of) > 1 else SELF
    return [_slot(context, back[0], "activity", "yes", scope, noun, subject=subject, negated=False) for scope in scopes]


def _spell_ended(context: _Context, noun: int) -> bool:
    """The noun is the subject of a verb of ending in the past ("lasted till May", "ended in March")."""
    up = _parent(context, noun)
    if up is None or up[1] != "nsubj" or _lemma(context, up[0]) not in SPELL_ENDS:
        return False
    return context.doc.tokens[up[0]].tag == "VBD" and not _negated(context, up[0])


def relationship(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    lemma = _lemma(context, i)
    if token.lower in RELATIONSHIP_STATES and token.pos in ("ADJ", "VERB", "NOUN"):
        parent = _parent(context, i)
        getting = _getting_married_now(context, i) if token.lower == "married" else None
        if getting is not None and _no_couple_engaged(context, getting, i):
            return []
        if getting is not None and not _wedding_day(context, i) and not _getting_married_denied(context, getting, i):
            # "Sophie is getting married": engaged now, the wedding ahead; with its day ("in June") the wedding is an
            # arrangement (`_wedding_day`) that "we got married" completes, which a change of state would not
            return [replace(_slot(context, getting, "relationship", "engaged", "", i), future=False)]
        if parent and parent[1] in ("acomp", "attr", "oprd") and _lemma(context, parent[0]) in ("be", "get", "become", "stay", "remain"):
            return [_slot(context, parent[0], "relationship", RELATIONSHIP_STATES[token.lower], "", i)]
        if token.tag == "VBN" and any(a.label == "auxpass" for a in context.doc.children(i)):
            return [_slot(context, i, "relationship", RELATIONSHIP_STATES[token.lower], "")]
        listed = _listed_after_be(context, i)
        if listed is not None:  # "I'm 41, divorced, two kids"
            return [_slot(context, listed, "relationship", RELATIONSHIP_STATES[token.lower], "", i)]
    if token.pos == "VERB" and lemma in RELATIONSHIP_VERBS and token.tag != "VBN":
        if lemma == "separate" and _children(context, i, "dobj"):
            return []  # "we separated the recycling": a couple separates with no object
        if lemma == "date" and _parent(context, i) is not None and _parent(context, i)[1] in ("pcomp", "pobj"):
            return _a_break_from_dating(context, i)
        return [_slot(context, i, "relationship", RELATIONSHIP_VERBS[lemma], "")]
    if token.pos == "VERB" and lemma in BREAKUP_VERBS and not _a_school_breaking_up(context, i):
        particles = _children(context, i, "prt")
        if any(context.doc.tokens[p].lower == "up" for p in particles) and not _children(context, i, "dobj"):
            return _couple(context, i, "single", *particles, partner_state=EX_STATE)
    if lemma in ("get", "be") and {"back", "together"} <= _adverbs(context, i) and _a_couple_back(context, i):
        return _couple(context, i, "dating")  # "Jake and I got back together", "we're back together"
    if token.pos == "VERB" and _things_ended(context, i):
        return _couple(context, i, "single", partner_state=EX_STATE)  # "I ended things with Tom"
    if token.pos == "VERB" and lemma == "give" and _another_go(context, i):
        return _couple(context, i, "dating")  # "Graham and I are giving it another go"
    if token.pos == "VERB" and lemma in ("propose", "ask") and token.tag == "VBD":
        return _asked_and_accepted(context, i)
    if token.pos == "NOUN" and (token.lower in PARTNER_NOUNS or _is_ex(context, i)):
        return _partner_of(context, i) or _partner_named_beside(context, i)
    if lemma in ("die", "pass"):
        return _widowed(context, i)
    if lemma == "break" and _on_a_break(context, i):
        return _couple(context, _parent(context, _parent(context, i)[0])[0], "on a break", i)
    if lemma == "with" and _no_longer_with_someone(context, i):
        return [_slot(context, _parent(context, i)[0], "relationship", "single", "", i, negated=False)]
    if token.pos == "VERB" and lemma == "see" and _seeing_someone(context, i):
        return [_slot(context, i, "relationship", "dating", "")]
    if lemma == "relationship":
        parent = _parent(context, i)
        if parent and parent[1] == "pobj" and context.doc.tokens[parent[0]].lower == "in":
            grand = _parent(context, parent[0])
            if grand and _lemma(context, grand[0]) == "be":
                return [_slot(context, grand[0], "relationship", "dating", "", i)]
    return []


def _getting_married_now(context: _Context, married: int) -> int | None:
    """The predicate (its subject's head) of "we're getting married", "my sister is getting married next year": the present
    progressive of "get married", a wedding ahead, so the couple is engaged; not "we got married", "we were
    getting married (but ...)"."""
    doc = context.doc
    up = _parent(context, married)
    gets = [k for k in _children(context, married, "auxpass") if doc.tokens[k].lower == "getting"]
    gets += [up[0]] if up is not None and up[1] == "acomp" and doc.tokens[up[0]].lower == "getting" else []
    helpers = [a for k in [married, *gets] for a in _children(context, k, "aux")]
    if gets and any(_lemma(context, a) == "be" and doc.tokens[a].tag in ("VBP", "VBZ") for a in helpers):
        return married if doc.tokens[gets[0]].pos == "AUX" else gets[0]  # the word the subject hangs on
    return None


# Subjects that name no couple: "everyone is getting married except me", "nobody's getting married"
NO_COUPLE_SUBJECTS = frozenset({"everyone", "everybody", "nobody", "noone", "all", "people", "someone", "somebody",
                                "anyone", "anybody", "who"})


def _getting_married_denied(context: _Context, predicate: int, married: int) -> bool:
    """"I'm not getting married again", "we're not getting married anymore": no engagement; read as the married
    denied, as any "not ... married" is (a called-off engagement ends "engaged")."""
    words = [predicate, married, *_children(context, married, "auxpass")]
    return any(_children(context, k, "neg") for k in words) or _negated(context, *words)


def _no_couple_engaged(context: _Context, predicate: int, married: int) -> bool:
    """"We're getting married" says a couple is engaged; not asked ("are you getting married?", "is Tom getting
    married?") nor said of everyone or nobody ("everyone is getting married except me"): neither says whether
    anyone is married either."""
    doc = context.doc
    words = sorted({predicate, married} | {k for k in _children(context, married, "auxpass") if doc.tokens[k].lower == "getting"})
    helpers = [a for k in words for a in _children(context, k, "aux")]
    subjects = [k for k in words for k in _children(context, k, "nsubj", "nsubjpass")]
    if any(doc.tokens[k].lower in NO_COUPLE_SUBJECTS or any(doc.tokens[q].lower in ("all", "every")
           for q in _children(context, k, "predet", "det")) for k in subjects):
        return True  # "all my friends are getting married except me"
    asked = any(t.text == "?" for t in doc.tokens if t.sent == doc.tokens[predicate].sent)
    return asked or bool(subjects and helpers) and min(helpers) < min(subjects)  # "is Tom getting married"


# Who or what breaks up for the holidays: "the kids broke up for half term", "school breaks up on the 19th"
SCHOOL_NOUNS = frozenset("school schools term kid kids child children class pupil pupils uni college nursery".split())


def _a_school_breaking_up(context: _Context, verb: int) -> bool:
    """"The kids broke up for half term", "school breaks up on the 19th", "we break up for summer on Friday": a
    school's term ends, no couple parts."""
    subjects = _children(context, verb, "nsubj")
    if any(_lemma(context, k) in SCHOOL_NOUNS or context.doc.tokens[k].lower in SCHOOL_NOUNS for k in subjects):
        return True
    if _prep_objects(context, verb, ("with",)) or any(context.doc.tokens[k].ent == "PERSON" for k in subjects):
        return False  # "she broke up with him for the third time", "Jess and Mark broke up for a month": a couple
    return any(context.doc.tokens[obj].lower in SCHOOL_BREAKS for _, obj in _prep_objects(context, verb, ("for",)))


# What a school breaks up for: "half term", "the holidays", "summer", "Easter" (not "for a week", a couple's spell)
SCHOOL_BREAKS = frozenset("half term holidays holiday hols summer easter christmas xmas".split())


def _adverbs(context: _Context, verb: int) -> set[str]:
    """The verb's adverbs and theirs: the parse may hang "back" on "together" rather than on "got", and "got back
    together" must read the same either way."""
    near = _children(context, verb, "advmod")
    return {context.doc.tokens[a].lower for a in near + [b for a in near for b in _children(context, a, "advmod")]}


def _partner_of(context: _Context, i: int) -> list[SlotValue]:
    """"Marcus is my boyfriend (now)", "she's my wife": the owner of the partner noun is dating, married or engaged.
    Only as the complement of a present "be", so "my boyfriend is a chef" and "Tom was my boyfriend at uni" say
    nothing of it now. A named partner is also a scope of its own, so that "Phil is my ex-husband" ends the marriage
    to Phil; an ex sets only that scope, so "Dev is my ex" ends no marriage to someone else."""
    token = context.doc.tokens[i]
    ex = _is_ex(context, i)
    owners = _children(context, i, "poss") or (_children(context, ex, "poss") if ex is not None and ex != i else [])
    parent = _parent(context, i)
    if not owners or parent is None or parent[1] != "attr" or _lemma(context, parent[0]) != "be":
        return []
    if context.doc.tokens[parent[0]].tag not in ("VBZ", "VBP"):
        return []  # "Tom was my boyfriend at uni": who someone was is no state now
    if not _a_life_partner(context, i):
        return []
    owner = _subject_key(context, owners[0])
    names = [s for s in _children(context, parent[0], "nsubj") if context.doc.tokens[s].pos == "PROPN"]
    state = EX_PARTNERS.get(token.lower, EX_STATE) if ex is not None else PARTNER_NOUNS[token.lower]
    named = [_slot(context, parent[0], "relationship", state, _lemma(context, n), i, subject=owner) for n in names]
    if ex is not None:
        return named
    return [_slot(context, parent[0], "relationship", state, "", i, subject=owner), *named]


def _couple(context: _Context, verb: int, state: str, *anchor: int, partner_state: str | None = None) -> list[SlotValue]:
    """A couple's news is its subject's state, and also the state with each partner named beside the subject ("Tom
    and I broke up", "I broke up with Tom": ``relationship[tom] = ex``), so that the news ends or renews what was
    said of that partner ("Tom is my boyfriend now") and no other."""
    couple = _slot(context, verb, "relationship", state, "", *anchor)
    return [couple, *(_slot(context, verb, "relationship", partner_state or state, _lemma(context, name), *anchor)
                      for name in _partners_beside(context, verb, couple.subject))]


def _partners_beside(context: _Context, verb: int, subject: str) -> list[int]:
    """The people named with the subject of a couple's verb: "Tom and I", "broke up with Tom", or "Jake" the parse
    hung on the verb itself ("Jake and I got back together"); never the subject itself."""
    doc = context.doc
    # a name beside "I" is a person, whatever entity the small model called it ("Marcus and Elena", said by Marcus)
    near = [c for s in _children(context, verb, "nsubj") for c in [s, *_children(context, s, "conj")]]
    near += [k for k in _children(context, verb, "npadvmod") if k + 1 < len(doc) and doc.tokens[k + 1].lower == "and"]
    # "ended things with Tom": the parse may hang "with" on the thing ended
    withs = [o for h in [verb, *_children(context, verb, "dobj")] for _, o in _prep_objects(context, h, ("with", "from"))]
    near += [o for o in withs if doc.tokens[o].ent not in NOT_PEOPLE]
    return [k for k in near if doc.tokens[k].pos == "PROPN" and not _is_self_token(context, k) and _lemma(context, k) != subject]


def _a_couple_back(context: _Context, verb: int) -> bool:
    """"We're back together", "Mark and I are back together": people back as a couple, in the present if said with
    "be"; not a band or a team ("the band is back together"), everyone ("we're all back together") or a visit
    ("back together for Christmas") or a place ("back together at the office": a meeting again)."""
    doc = context.doc
    if _lemma(context, verb) == "be" and doc.tokens[verb].tag not in ("VBZ", "VBP"):
        return False
    subjects = _children(context, verb, "nsubj")
    if not subjects or any(doc.tokens[s].pos not in ("PRON", "PROPN") for s in subjects):
        return False
    said = subtree(doc, verb)
    return not (any(doc.tokens[k].lower == "all" for k in said)
                or any(doc.tokens[k].lower in ("for", "at", "in") and doc.tokens[k].pos == "ADP" for k in said))


# What a couple ends or gives another go: "ended things with Tom", "we're giving it another go"
ENDED_THINGS = frozenset({"things", "it"})
ANOTHER_GOES = frozenset({"go", "try", "shot", "chance"})


def _things_ended(context: _Context, verb: int) -> bool:
    """"I ended things with Alex", "Graham and I have ended things", "I called it off with Tom": a couple parts,
    said with the partner named, since "I ended things early" or "we called it off" may end a meeting."""
    doc = context.doc
    lemma = _lemma(context, verb)
    if lemma not in ("end", "call") or not any(doc.tokens[o].lower in ENDED_THINGS for o in _children(context, verb, "dobj")):
        return False
    if lemma == "call" and not any(doc.tokens[p].lower == "off" for p in _children(context, verb, "prt")):
        return False
    return bool(_partners_beside(context, verb, _subject(context, verb)))


def _another_go(context: _Context, verb: int) -> bool:
    """"Graham and I are giving it another go", "we're giving us another chance": a couple tries again, said of
    "us", or of "it" with the partner named ("we're giving it another go" may be a recipe, "I'm giving yoga
    another go" is a pastime)."""
    doc = context.doc
    tries = [o for o in _children(context, verb, "dobj") if doc.tokens[o].lower in ANOTHER_GOES
             and any(doc.tokens[d].lower == "another" for d in _children(context, o, "det", "amod"))]
    if not tries:
        return False
    given = [doc.tokens[k].lower for k in _children(context, verb, "dative")]
    return "us" in given or "it" in given and bool(_partners_beside(context, verb, _subject(context, verb)))


def _a_break_from_dating(context: _Context, dating: int) -> list[SlotValue]:
    """"Dating" after a preposition is no dating now ("after dating for a year we married", "nervous about dating
    again"); a break from it is being single ("I'm taking a break from dating")."""
    prep = _parent(context, dating)[0]
    head = _parent(context, prep)
    if context.doc.tokens[prep].lower != "from" or head is None:
        return []
    if _lemma(context, head[0]) != "break" and not any(_lemma(context, o) == "break" for o in _children(context, head[0], "dobj")):
        return []
    return [_slot(context, head[0], "relationship", "single", "", dating)]


def _listed_after_be(context: _Context, word: int) -> int | None:
    """The present "be" a relationship state is listed after, between commas ("I'm 41, divorced, two kids", "Ruth
    is 51, divorced since last spring"): the parse hangs it anywhere, so the list is read from the words; not a
    state that qualifies the noun after it ("41, married couples")."""
    doc = context.doc
    if word == 0 or doc.tokens[word - 1].lower != ",":
        return None
    after = doc.tokens[word + 1].lower if word + 1 < len(doc) else "."
    if after not in (",", ".", "!", ";", "and", "since", "for", "with", "to") or context.doc.tokens[word].lower == "dating":
        return None
    k = word
    for _ in range(3):
        up = _parent(context, k)
        if up is None:
            return None
        k = up[0]
        if _lemma(context, k) == "be" and doc.tokens[k].tag in ("VBZ", "VBP") and _children(context, k, "nsubj"):
            return k
    return None


# What says a proposal or an asking was turned down: "I said no", "she turned me down"
REFUSALS = frozenset({"no", "down"})


def _asked_and_accepted(context: _Context, verb: int) -> list[SlotValue]:
    """A proposal to or by the speaker ("Arjun proposed to me", "I proposed to Mel") is an engagement, and being asked
    to be someone's partner ("Luca asked me to be his girlfriend") is dating, unless it was turned down ("... and I
    said no"); a bare "Dev proposed" may be anyone's, so it is the speaker's only with "I said yes". The one who
    asked is the partner's scope."""
    doc = context.doc
    if any(doc.tokens[k].lower in REFUSALS and _lemma(context, _parent(context, k)[0]) in ("say", "turn")
           for k in range(len(doc)) if _parent(context, k) is not None):
        return []
    asker = _children(context, verb, "nsubj")
    if _lemma(context, verb) == "ask":
        asked = _children(context, verb, "dobj")
        partner = [n for x in _children(context, verb, "xcomp") if _lemma(context, x) == "be"
                   for n in _children(context, x, "attr") if doc.tokens[n].lower in PARTNER_NOUNS and _a_life_partner(context, n)]
        if not asked or not partner or not asker:
            return []
        state, who = PARTNER_NOUNS[doc.tokens[partner[0]].lower], _subject_key(context, asked[0])
        return [_slot(context, verb, "relationship", state, "", partner[0], subject=who),
                *(_slot(context, verb, "relationship", state, _lemma(context, a), partner[0], subject=who)
                  for a in asker if doc.tokens[a].pos == "PROPN")]
    to = [o for _, o in _prep_objects(context, verb, ("to",))]
    # "he proposed and I said yes": the parse may make the proposal what was said, so the yes carries the news
    said_yes = [say for k in range(len(doc)) if doc.tokens[k].lower == "yes" and _parent(context, k) is not None
                for say in [_parent(context, k)[0]] if _lemma(context, say) == "say"
                and any(_is_self_token(context, s) for s in _children(context, say, "nsubj"))]
    predicate = verb
    if any(_is_self_token(context, a) for a in asker):
        partners = to
    elif any(_is_self_token(context, o) for o in to) or not to and said_yes:
        partners, predicate = asker, verb if to else said_yes[0]
    else:
        return []
    return [_slot(context, predicate, "relationship", "engaged", "", verb, subject=SELF),
            *(_slot(context, predicate, "relationship", "engaged", _lemma(context, p), verb, subject=SELF)
              for p in partners if doc.tokens[p].pos == "PROPN")]


# Words before a partner that make them one no more, or not the speaker's now: "my late husband Phil", "my first
# boyfriend Tom", "my old girlfriend Jen"
FORMER_PARTNER_WORDS = frozenset({"late", "old", "first", "former", "previous", "then", "dead", "last"})


def _partner_named_beside(context: _Context, noun: int) -> list[SlotValue]:
    """"my girlfriend Hannah", "Leo's fiancée Priya", said in passing: the owner's partner is named right after the
    partner noun, however the parse hung the name, so the owner is dating (engaged, married) and the name is the
    scope, as in "Hannah is my girlfriend"; "my ex Dev" is that scope's end."""
    doc = context.doc
    owners = _children(context, noun, "poss")
    name = noun + 1
    if not owners or name >= len(doc) or doc.tokens[name].pos != "PROPN" or doc.tokens[name].ent in NOT_PEOPLE:
        return []
    if not _a_life_partner(context, noun) or any(doc.tokens[k].lower in FORMER_PARTNER_WORDS for k in range(max(0, noun - 2), noun)):
        return []
    owner = _subject_key(context, owners[0])
    ex = _is_ex(context, noun)
    if ex is not None:
        return [_slot(context, noun, "relationship", EX_STATE, _lemma(context, name), subject=owner, negated=False)]
    state = PARTNER_NOUNS[doc.tokens[noun].lower]
    return [_slot(context, noun, "relationship", state, "", name, subject=owner, negated=False),
            _slot(context, noun, "relationship", state, _lemma(context, name), name, subject=owner, negated=False)]


def _a_life_partner(context: _Context, noun: int) -> bool:
    """Not a business, tennis or lab partner, a partner in crime or for a project."""
    return context.doc.tokens[noun].lower != "partner" or not _children(context, noun, "compound", "amod", "prep")


def _is_ex(context: _Context, i: int) -> int | None:
    """The "ex" of a former partner: the noun itself ("my ex"), or the word before a partner noun, however the
    tokenizer cut it ("ex-husband", "ex - husband", "ex husband"); ``None`` for a partner now."""
    doc = context.doc
    if doc.tokens[i].lower == "ex":
        return None if i + 1 < len(doc) and doc.tokens[i + 1].lower in ("-", *PARTNER_NOUNS) else i
    if doc.tokens[i].lower not in PARTNER_NOUNS:
        return None
    before = [k for k in (i - 1, i - 2) if k >= 0 and doc.tokens[k].lower == "ex"]
    return before[0] if before and all(doc.tokens[k].lower == "-" for k in range(before[0] + 1, i)) else None


def _widowed(context: _Context, verb: int) -> list[SlotValue]:
    """"My husband passed away", "Ana's wife died": the owner of the spouse who died is widowed ("her husband"
    is left unresolved, as any bare "her")."""
    if not _a_death(context, verb):
        return []
    return [_slot(context, verb, "relationship", "widowed", "", spouse, subject=_subject_key(context, owners[0]))
            for spouse in _children(context, verb, "nsubj")
            if _lemma(context, spouse) in SPOUSES and _is_ex(context, spouse) is None and _a_life_partner(context, spouse)
            for owners in [_children(context, spouse, "poss")] if owners]


def _on_a_break(context: _Context, noun: int) -> bool:
    """"We're on a break", "Dev and I are on a break": a couple's pause, said with no kind of break ("a lunch break",
    "on a break from work") and with the speaker in the subject."""
    doc = context.doc
    up = _parent(context, noun)
    if up is None or up[1] != "pobj" or doc.tokens[up[0]].lower != "on" or len(doc.children(noun)) != 1:
        return False
    be = _parent(context, up[0])
    if be is None or be[1] != "prep" or _lemma(context, be[0]) != "be" or doc.tokens[be[0]].tag not in ("VBZ", "VBP"):
        return False
    subjects = _children(context, be[0], "nsubj")
    couple = bool(subjects) and (doc.tokens[subjects[0]].lower == "we" or bool(_children(context, subjects[0], "conj")))
    return couple and _subject(context, be[0]) == SELF


def _no_longer_with_someone(context: _Context, with_: int) -> bool:
    """ "I'm no longer with Jake", "I'm not with Dan anymore": "with" a person, on a "be" said to hold no more."""
    parent = _parent(context, with_)
    if parent is None or parent[1] != "prep" or _lemma(context, parent[0]) != "be":
        return False
    doc = context.doc
    people = [o for o in _children(context, with_, "pobj") if doc.tokens[o].pos == "PROPN" and doc.tokens[o].ent not in NOT_PEOPLE]
    return bool(people) and _no_longer(context, parent[0])


def _in_a_length(context: _Context, k: int) -> bool:
    """Token ``k`` is in a length ("for a month", "since May"): how long it has gone on, not a day it is on. "Seeing
    Hannah for a month" is dating; "seeing Tom on Friday", with a day, is a meeting."""
    while (up := _parent(context, k)) is not None:
        if context.doc.tokens[up[0]].lower in ("for", "since") and up[1] == "pobj":
            return True
        if up[1] not in ("pobj", "det", "nummod", "amod", "compound", "quantmod"):
            return False
        k = up[0]
    return False


def _seeing_someone(context: _Context, i: int) -> bool:
    """ "I'm seeing someone", "I started seeing Marcus", "I've been seeing Hannah for a month": dating; "I'm seeing
    Tom on Friday" is a meeting, and "seeing a therapist" a visit, so only a person with no role and no date in the
    clause (a length is no date)."""
    doc = context.doc
    if doc.tokens[i].tag != "VBG" or any(doc.tokens[k].ent in ("DATE", "TIME") for k in subtree(doc, i)
                                         if not _in_a_length(context, k)):
        return False
    # "seeing someone new" may parse as a clause "someone (is) new"
    seen = _children(context, i, "dobj") + [s for c in _children(context, i, "ccomp") for s in _children(context, c, "nsubj")]
    if _seen_for_something_else(context, i, seen):
        return False
    return any(
        doc.tokens[o].lower in SOMEONE or (doc.tokens[o].pos == "PROPN" and doc.tokens[o].ent not in NOT_PEOPLE) for o in seen
    )


def _seen_for_something_else(context: _Context, i: int, seen: list[int]) -> bool:
    """Seeing that is no dating though it names a person: one with a role beside the name ("Jo, my physio"), two
    people or a couple ("Tom and Lily", said by "we"), or a purpose ("for my knee"): visits and friendships."""
    doc = context.doc
    if any(_children(context, o, "appos", "conj") for o in seen):
        return True
    if any(doc.tokens[s].lower == "we" for s in _children(context, i, "nsubj")):
        return True
    return any(doc.tokens[o].ent not in ("DATE", "TIME")  # "for a month" is how long, "for my knee" what for
               for arc in doc.children(i) if arc.label == "prep" and doc.tokens[arc.dep].lower == "for"
               for o in _children(context, arc.dep, "pobj"))


def number_of_children(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    if token.pos != "NOUN" or _lemma(context, i) not in CHILD_NOUNS:
        return []
    count = _number(context, i)
    if count is None:
        return []
    parent = _parent(context, i)
    if parent and parent[1] == "dobj" and _lemma(context, parent[0]) == "have":
        return [_slot(context, parent[0], "children", str(count), "", i)]
    if any(_is_self_token(context, owner) for owner in _children(context, i, "poss")):
        return [_slot(context, i, "children", str(count), "", subject=SELF, negated=False)]
    if parent and parent[1] == "pobj":
        grand = _parent(context, parent[0])
        if grand and _lemma(context, grand[0]) in PARENT_NOUNS:
            outer = _parent(context, grand[0])
            return [_slot(context, outer[0] if outer else grand[0], "children", str(count), "", grand[0], i)]
    return []


def schedule(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    lemma = _lemma(context, i)
    if token.lower in SHIFT_PATTERNS and token.pos == "NOUN" and (pattern := _shift_pattern(context, i)):
        return pattern  # ("Ana's gym days are monday and friday" is a schedule's name)
    if token.lower == "due":
        return _due(context, i)
    if token.lower == "married":
        return _wedding_day(context, i)
    if token.pos == "VERB" and lemma in ROUND_VERBS and (rounds := _carers_rounds(context, i)):
        return rounds
    if token.pos == "VERB" and lemma == "come" and (days := _comes_on_days(context, i)):
        return days
    if token.pos == "VERB" and lemma in ROTA_VERBS:
        return _days_on_a_rota(context, i)
    if token.pos == "VERB" and lemma in ATTENDING_VERBS:
        return _a_place_gone_to_on_days(context, i)
    if token.pos != "NOUN" or (lemma not in APPOINTMENT_NOUNS and token.lower not in SCHEDULE_NOUNS and lemma not in SCHEDULE_NOUNS):
        return _recurring_event(context, i)
    slot = "appointment" if lemma in APPOINTMENT_NOUNS else "schedule"
    if slot == "schedule" and _one_of_a_series(context, i):
        return []  # "she had her last ballet class on saturday": an ending, no weekly day
    scope_tokens = _phrase_tokens(context, i)
    scope = _scope(context, scope_tokens)
    parent = _parent(context, i)
    if parent is None:
        return []
    head, label = parent
    if label not in ("nsubj", "nsubjpass", "dobj") or not (_lemma(context, head) in SCHEDULE_VERBS | {"work"} or _have_got(context, head)):
        return _recurring_event(context, i) if slot == "schedule" else []
    # "my shift is ...", "the meeting was moved ...", "the dentist moved my appointment": the noun's owner;
    # "Maya works the night shift": the verb's subject, when the noun has no owner of its own; but whoever moves a
    # thing ("they moved the review to Monday") moves the holder's, not their own
    owned = bool(_children(context, i, "poss"))
    moved = _lemma(context, head) in MOVING_VERBS
    subject = _subject(context, head) if label == "dobj" and not owned and not moved else _owner(context, i)
    # "booked flights yesterday": the day of booking, not of the flight ("booked it yesterday for Friday": Friday)
    booking = _lemma(context, head) in BOOKING_VERBS
    time = _time_value(context, head, but_days_behind=booking) or _time_value(context, i)
    if time is None and label == "dobj" and _lemma(context, head) == "work":
        modifiers = [j for j in scope_tokens if j != i and _is_time(context, j)]
        if modifiers:
            value = " ".join(context.doc.tokens[j].lower for j in modifiers)
            return [_slot(context, head, slot, value, lemma, i, subject=subject)]
    if time is None:
        return _recurring_event(context, i) if slot == "schedule" else []
    value, parts = time
    if slot == "schedule" and (recurring := _recurring_time(context, head)) is not None:
        value, parts = recurring  # "moved to tuesdays and fridays": every day said, not the first
    unowned = subject == SELF and not owned and (label != "dobj" or moved)  # "lessons are on fridays now": whose, unsaid
    return [replace(_slot(context, head, slot, value, scope, i, *parts, subject=subject), unowned=unowned)]


# Shifts worked as a pattern, said in the plural, and the shift each is: "I work nights", "I'm on days now"
SHIFT_PATTERNS = {"nights": "night", "days": "day", "earlies": "early", "lates": "late"}
# Verbs that take one onto another pattern: "I've moved to days", "switched to earlies", "gone onto nights"
ONTO_A_PATTERN = MOVING_VERBS | {"go", "move"}
# Words of a spell of the rota, not a pattern: "I'm on nights next week", "on earlies this weekend", "in May"
SPELL_WORDS = frozenset({"week", "weekend", "fortnight", "month", "tomorrow", "tonight", "today", "yesterday", "next",
                         "last", "this"}) | MONTHS


def _shift_pattern(context: _Context, i: int) -> list[SlotValue]:
    """The shifts one works as a pattern, one at a time: "I work nights", "I'm on days now, 7 till 3.30", "I'm on
    permanent nights", "I've moved to days" are ``schedule[shift] = night`` / ``day`` (the slot "works the night shift"
    sets), so the move to days replaces the nights. Said now or told as a move made; not a spell of the rota ("I'm on
    nights next week", "on earlies this weekend", "on days on Monday"), a pattern ahead ("I'm going onto days in
    May"), one that was ("I was on nights"), a question or a supposition, nor anything else said of them ("I hate
    nights")."""
    doc = context.doc
    up = _parent(context, i)
    if up is None or _children(context, i, "nummod", "det", "poss"):
        return []  # "I'm on 3 days a week", "I work those days", "on my days off": days counted or picked out
    head, label = up
    verb = None
    if label in ("npadvmod", "dobj") and _lemma(context, head) == "work" and _present(context, head):
        verb = head  # "I work nights", "I'm working nights at the moment"
    elif label == "pobj" and doc.tokens[head].lower in ("on", "onto", "to") and (above := _parent(context, head)) is not None:
        if doc.tokens[head].lower == "on" and _lemma(context, above[0]) == "be" and _present(context, above[0]):
            verb = above[0]  # "I'm on days now"
        elif doc.tokens[head].lower in ("to", "onto") and _lemma(context, above[0]) in ONTO_A_PATTERN and (
                doc.tokens[above[0]].tag in ("VBD", "VBN")):
            verb = above[0]  # "I've moved to days", "switched to earlies"; "I'm going onto days" is ahead
    if verb is None or doc.tokens[verb].pos not in ("VERB", "AUX") or _negated(context, verb):
        return []
    if _a_turn_not_told(context, verb) or _supposed(context, verb) or _looks_ahead(context, verb) or _a_spell_of_the_rota(context, verb, i):
        return []
    return [_slot(context, verb, "schedule", SHIFT_PATTERNS[doc.tokens[i].lower], "shift", i)]


def _a_spell_of_the_rota(context: _Context, verb: int, pattern: int) -> bool:
    """The clause names a spell of time or one day (:data:`SPELL_WORDS`, "on Monday", "next Tuesday"): the shifts of
    that spell, not one's pattern; a range of weekdays ("Monday to Friday") is the pattern's."""
    doc = context.doc
    for k in subtree(doc, verb):
        word = doc.tokens[k].lower
        if k == pattern:
            continue  # "days" itself, which the tagger may call a date
        if word in SPELL_WORDS:
            return True
        up = _parent(context, k)
        # "on Monday", "from Monday": one day, or the day a spell starts
        if (word in WEEKDAYS or doc.tokens[k].ent == "DATE") and up is not None and up[1] == "pobj" and (
                doc.tokens[up[0]].lower in STARTING_WORDS | {"on"}):
            return True
    return False


# Words that pick one class of a series out: "her last ballet class", "my first lesson"
ONE_OF_A_SERIES = frozenset({"first", "last", "final"})


def _one_of_a_series(context: _Context, noun: int) -> bool:
    """"She had her last ballet class on Saturday", "my first lesson is on Monday": one day of the series, its end
    or its start, not the day it comes round on."""
    return any(context.doc.tokens[k].lower in ONE_OF_A_SERIES for k in _children(context, noun, "amod"))


# Verbs of making an arrangement, whose day gone by is the day it was made, not the day arranged: "booked the
# flights yesterday", "I scheduled the MOT last week" (the MOT's own day unsaid); "booked the dentist for Friday"
BOOKING_VERBS = frozenset({"book", "schedule", "arrange", "reserve", "set"})
# Words of a day gone by: "yesterday", "last week", "two days ago", "earlier"
BEHIND_WORDS = frozenset({"yesterday", "last", "ago", "earlier"})


# Verbs of one's turn on a rota of days: "Tom does Mondays", "mum has him Thursdays", "I visit Wednesdays and
# Sundays now" (a parent's visits shared out among her children)
ROTA_VERBS = frozenset({"do", "have", "visit"})
# Whom one has on one's days, as the children shared out: "my mum has him Thursdays", "I have Aanya every other weekend"
HAD_ON_A_DAY = frozenset({"him", "her", "them"}) | CHILD_NOUNS


def _days_on_a_rota(context: _Context, verb: int) -> list[SlotValue]:
    """One's turn on a rota of days, as parents share out the children and the school run: "Tom does Mondays and
    Wednesdays" is ``tom.schedule[rota] = monday wednesday``, which "from now on Tom does Tuesdays and Thursdays"
    changes; "my mum has him Thursdays now", "I have the kids every other weekend", "I visit on Sundays and Wednesdays
    now", "I can only do Fridays from now on" (what one can only do is told, not offered) the same. Only days that recur
    (a plural weekday, a list, "every"), only days alone as what is done (not "does yoga on Mondays", a pastime)
    and only a child or a person had (not "has a meeting on Tuesdays"); not a turn gone by ("Tom did Mondays")."""
    doc = context.doc
    visiting = _lemma(context, verb) == "visit"
    said = _children(context, verb, "dobj") + [o for _, o in _prep_objects(context, verb, ("on",)) if visiting]
    objects = [k for o in said for k in (o, *_children(context, o, "conj"))]
    if not objects or doc.tokens[verb].tag == "VBD" or _children(context, verb, "prt"):
        return []  # "I have them over on Sundays": a visit
    if _a_turn_not_told(context, verb):
        return []
    days = [k for k in objects if _singular_day(doc.tokens[k].lower) in WEEKDAYS]
    if _lemma(context, verb) in ("do", "visit") and len(days) != len(objects):
        return []  # "I visit my mum on Sundays" names whom, not a turn
    if _lemma(context, verb) == "have" and not any(_had_on_a_day(context, k) for k in objects):
        return []
    time = _recurring_time(context, verb)
    if time is None:
        return []
    value, parts = time
    return [_slot(context, verb, "schedule", value, "rota", *parts)]


# Words that make a turn on a rota only asked, offered or supposed: "could Sam do Mondays?", "maybe Sam could",
# "if Sam does Mondays"
NOT_TOLD_WORDS = frozenset({"if", "maybe", "perhaps", "could", "can", "might", "may", "would", "should", "who", "whoever"})


def _a_turn_not_told(context: _Context, verb: int) -> bool:
    """The turn is asked, offered or supposed, not told: a question ("Does Sam do Mondays?"), a modal or a hedge
    ("Could Sam do Mondays instead?", "Maybe Sam could do Mondays"), a condition ("If Sam does Mondays ...") or an
    unknown doer ("Who has the kids on Sundays?")."""
    doc = context.doc
    near = {doc.tokens[k].lower for k in subtree(doc, verb) if k <= verb}
    if "can" in near and any(doc.tokens[a].lower == "only" for a in _children(context, verb, "advmod")):
        near -= {"can"}  # "I can only do Thursdays now": one's days told, not offered
    return sentence_asks(doc, verb) or bool(NOT_TOLD_WORDS & near) or _asked_by_inversion(context, verb)


def _asked_by_inversion(context: _Context, verb: int) -> bool:
    """An auxiliary before the verb's subject asks, with no question mark too: "do the carers come at 8am", "does
    mum go to the day centre on mondays"; "the carers do come at 8am" tells."""
    subjects = _children(context, verb, "nsubj", "nsubjpass")
    return bool(subjects) and any(k < subjects[0] for k in _children(context, verb, "aux"))


def _had_on_a_day(context: _Context, k: int) -> bool:
    token = context.doc.tokens[k]
    return token.lower in HAD_ON_A_DAY or _lemma(context, k) in CHILD_NOUNS or (token.pos == "PROPN" and token.ent == "PERSON")


# Words that say an event comes round again: "every weekday", "weekly now", "on weeknights"
RECURRENCE_WORDS = frozenset("weekday weekdays weeknight weeknights weekly fortnightly daily nightly".split())
EVERY_WORDS = frozenset({"every", "each", "other"})
# Parts of the day that, said in the plural, come round like a plural weekday: "Cubs on Monday nights"
PARTS_OF_THE_DAY = frozenset({"morning", "afternoon", "evening", "night", "weekend"})
# Clubs for children that English names by their members, capitalised or not; a child goes to one every week as
# to a class and quits it as a pastime: "Mia has Brownies on Tuesdays", "he's got Cubs on Monday nights", "Mia
# quit Brownies" (no job left). Not with an article: "the Cubs" are a baseball team.
YOUTH_GROUPS = frozenset("rainbows brownies guides beavers cubs scouts".split())
# Events whose name says they come round, so a new time alone changes them: "standup's back to 9:30"
ROUTINE_NOUNS = frozenset({"standup", "stand-up", "1:1", "one-on-one", "bedtime"})
# Rounds named by their part of the day, which come round every day: "the morning visit", "the evening call", "the
# lunchtime round" (carers'), so "the agency changed the morning visit to 9.30" changes them with a time alone
DAILY_ROUNDS = frozenset({"visit", "call", "round", "feed", "walk", "check"})
TIMES_OF_A_ROUND = PARTS_OF_THE_DAY - {"weekend"} | {"lunchtime", "teatime", "bedtime"}
ONE_ON_ONE = re.compile(r"^(?:1[:-]1|one-on-one)s?$", re.IGNORECASE)
CLOCK = re.compile(r"^(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:am|pm)?$", re.IGNORECASE)
# Nouns of people, of times and of vague things: "my mum is at work every weekday" is no event of the mum's
NOT_EVENTS = KIN_WORDS | OCCUPATIONS | frozenset(CHILD_NOUNS) | frozenset(PARTNER_NOUNS) | frozenset(
    "manager supervisor thing stuff everyone everything people guest visitor veggie vegetable headache nightmare "
    "nosebleed".split())
# Times, which name an event only with a kind of their own: "office days", "bin day", not "Mondays are busy"
TIMES_OF_A_KIND = frozenset({"day", "days", "time", "week", "night", "morning", "evening"})
OTHER_CLAUSES = ("advcl", "ccomp", "parataxis", "relcl", "conj", "xcomp", "csubj")


def _recurring_event(context: _Context, i: int) -> list[SlotValue]:
    """A recurring event of any name and its days and time, as said, when its clause says it recurs (a plural
    weekday, "every", "weekdays", "weekly", a list of weekdays): "my standup is at 9:30 every weekday" is
    ``schedule[standup] = 9:30 every weekday``, "office days are tuesday and thursday", "Ella's swimming moved to
    thursdays 4:30". An event whose name says it recurs (:data:`ROUTINE_NOUNS`) changes with a time alone ("standup's
    back to 9:30"), and so does "it" moved, where the one event its sentence names before it is that event ("no,
    standup stays, they moved it to 10"). "The meeting is on Tuesday at 3" is one day's, no schedule."""
    doc = context.doc
    token = doc.tokens[i]
    noun = _the_event_it_means(context, i) if token.lower in ("it", "them") else i
    if noun is None or not _an_event_noun(context, noun):
        return []
    up = _event_verb(context, i)
    if up is None:
        return []
    verb, label = up
    gone_by = doc.tokens[verb].tag == "VBD" and not _has_read_as_an_owner(context, verb)
    if _said_of_it(context, verb) or gone_by and _lemma(context, verb) not in MOVING_VERBS:
        return []  # "we had lunch by the river every day in Rome": a habit of a stay gone by (a move is news)
    holder = _parent(context, verb)[0] if _a_weekday_read_as_a_verb(context, verb) else verb
    had = _lemma(context, holder) == "have" or _have_got(context, holder)
    if had and (label != "dobj" or not _of_a_person(context, holder)) and not _a_youth_group(context, noun):
        return []  # "the museum has free entry on wednesdays": a place's hours, no one's routine (but a club is a child's)
    time = _recurring_time(context, verb)
    if time is None and (_event_name(context, noun) in ROUTINE_NOUNS | SCHEDULE_NOUNS or _a_daily_round(context, noun)):
        time = _recurring_time(context, verb, said_to_recur=False)
        if time is not None and set(time[0].split()) & ONE_OCCASION:
            return []  # "the standup ran long today": one day's
    if time is None:
        return []
    value, parts = time
    owned = bool(_children(context, noun, "poss"))
    unowned = False
    if label == "dobj" and not owned and _lemma(context, holder) not in MOVING_VERBS:
        subject = _subject(context, holder)  # "Mia has piano lessons on saturdays"
    else:
        subject = _for_whom(context, noun) or _whose_days_moved(context, holder) or _owner(context, noun)
        unowned = not owned and subject == SELF  # "football moved to thursdays": whose, not said
    slots = [replace(_slot(context, verb, "schedule", value, _event_name(context, noun), i, *parts, subject=subject),
                     unowned=unowned)]
    if _a_youth_group(context, noun):
        # a club gone to every week is kept up, so quitting it ends it ("Mia quit Brownies": `_pastime_forms`); "is
        # doing Beavers on Thursdays now" is under way, where a progressive with one day ahead would be a plan
        kept = _slot(context, verb, "activity", "yes", context.doc.tokens[noun].lower, noun, subject=subject)
        slots.append(replace(kept, future=kept.future and not _under_way(context, verb)))
    return slots


# A possessive pronoun as the subject it names elsewhere: "she goes ... on Mondays", then "changed her days"
OWNERS_AS_SUBJECTS = {"her": "she", "his": "he", "their": "they"}


def _whose_days_moved(context: _Context, verb: int) -> str | None:
    """Whose days a place or a class moved: "the day centre has changed her days to Tuesdays and Fridays" moves hers,
    not the speaker's."""
    if _lemma(context, verb) not in MOVING_VERBS:
        return None
    for days in _children(context, verb, "dobj"):
        owners = _children(context, days, "poss")
        if _lemma(context, days) in TIMES_OF_A_KIND and owners:
            owner = _subject_key(context, owners[0])
            return OWNERS_AS_SUBJECTS.get(owner, owner)  # "her days" are the days of the "she" who goes
    return None


def _a_daily_round(context: _Context, noun: int) -> bool:
    """"the morning visit", "her teatime call": a round named by its part of the day (:data:`DAILY_ROUNDS`)."""
    return _lemma(context, noun) in DAILY_ROUNDS and any(
        context.doc.tokens[k].lower in TIMES_OF_A_ROUND for k in _children(context, noun, "compound", "amod"))


# Carers who come to the home on their rounds: "the carers come at 8am and 6pm", "her carer visits at 9 in the morning"
HOME_CARERS = frozenset({"carer", "carers"})
ROUND_VERBS = frozenset({"come", "visit", "call"})


def _carers_rounds(context: _Context, verb: int) -> list[SlotValue]:
    """Carers told to come at a time of day are on their daily rounds, each named by its part of the day as
    :func:`_a_daily_round` names them: "the carers come twice a day, 8am and 6pm" is ``schedule[morning visit] =
    8am`` and ``schedule[evening visit] = 6pm``, "the carers are coming at 7.30 now instead of 8 in the mornings" is
    ``schedule[morning visit] = 7.30``, so "the agency changed the morning visit to 9.30" changes the one. A time
    with no part of the day said or no am/pm ("the carer comes at 6") names no round; one day's visit ("the carers
    came at 9 today", "are coming at 10 tomorrow") is none."""
    doc = context.doc
    carers = [k for k in _children(context, verb, "nsubj") if _lemma(context, k) in HOME_CARERS]
    if not carers or doc.tokens[verb].tag == "VBD" or _negated(context, verb) or _a_turn_not_told(context, verb):
        return []
    time = _recurring_time(context, verb, said_to_recur=False)
    if time is None or set(time[0].split()) & ONE_OCCASION:
        return []
    words = time[0].split()
    said_part = next((w for w in words if w in TIMES_OF_A_ROUND), None)
    owned = bool(_children(context, carers[0], "poss"))
    subject = _owner(context, carers[0])
    slots = []
    for word in words:
        part = said_part or _part_of_the_day(word)
        if CLOCK.match(word) and part is not None:
            slot = _slot(context, verb, "schedule", word, f"{part} visit", carers[0], *time[1], subject=subject)
            slots.append(replace(slot, unowned=not owned and subject == SELF))
    return slots


def _comes_on_days(context: _Context, verb: int) -> list[SlotValue]:
    """Someone who comes to the speaker on days that recur: "my cleaner comes on Tuesdays", "Brenda comes on Tuesdays
    and Fridays", "the grandchildren come every Wednesday for their tea" are the comer's ``schedule[come]``, so "my
    cleaner comes on Wednesdays now" moves it. Only a person ("the bin lorry comes on Mondays" is a service's round,
    no one's), said now of days that come round (not "comes on Tuesday", one visit), not asked, denied or supposed."""
    doc = context.doc
    comers = _children(context, verb, "nsubj")
    if not comers or doc.tokens[verb].tag not in ("VBZ", "VBP") or _negated(context, verb):
        return []
    if _is_self_token(context, comers[0]) or not _a_comer(context, comers[0]):
        return []
    if _a_turn_not_told(context, verb) or _supposed(context, verb):
        return []
    time = _recurring_time(context, verb)
    if time is None or not any(_singular_day(word) in WEEKDAYS for word in time[0].split()):
        return []
    value, parts = time
    # "the cleaner, Brenda, comes ...": the one named comes
    named = [a for a in _children(context, comers[0], "appos") if doc.tokens[a].pos == "PROPN"]
    subject = _subject_key(context, named[0]) if named else None
    return [_slot(context, verb, "schedule", value, "come", *parts, subject=subject)]


def _a_comer(context: _Context, k: int) -> bool:
    """One who may come to see someone: a name, a relative or a child, one who helps at home or calls on people
    (by the word as said too: the tagger may read "cleaner" as the adjective "clean")."""
    token = context.doc.tokens[k]
    words = {_lemma(context, k), token.lower}
    return (token.pos == "PROPN" and token.ent not in NOT_PEOPLE) or bool(
        words & (KIN_WORDS | CHILD_NOUNS | GRANDCHILDREN | HELP_AT_HOME | VISITORS | CARERS)) or token.lower in ("he", "she", "they")


# Grandchildren as a noun of their own, which no kin list has in the plural: "the grandchildren come on Wednesdays"
GRANDCHILDREN = frozenset({"grandchild", "grandchildren", "grandkid", "grandkids", "grandson", "granddaughter"})


def _part_of_the_day(clock: str) -> str | None:
    """The part of the day a clock time with am or pm falls in: "8am" morning, "1pm" afternoon, "6pm" evening,
    "9.30pm" night; a bare "8" none."""
    match = re.match(r"(\d{1,2})\D*(am|pm)$", clock)
    if match is None:
        return None
    hour = int(match.group(1)) % 12 + (12 if match.group(2) == "pm" else 0)
    return "morning" if hour < 12 else "afternoon" if hour < 17 else "evening" if hour < 21 else "night"


# Verbs of going to a place on its days: "mum goes to the day centre on Mondays and Thursdays", "he attends the
# lunch club on Wednesdays"
ATTENDING_VERBS = frozenset({"go", "attend"})


def _a_place_gone_to_on_days(context: _Context, verb: int) -> list[SlotValue]:
    """A place one goes to on days that recur is one's schedule there, the goer's: "mum goes to the day centre on
    Mondays and Thursdays" is ``mum.schedule[day centre] = monday thursday``, which "the day centre has changed her
    days to Tuesdays and Fridays" changes. Only a place said with its days in the verb's own clause and as said now
    (not "went to the gym on Mondays", "goes to see her on Sundays" names whom); a person's home is no place of a
    schedule ("goes to her gran's on Sundays")."""
    doc = context.doc
    if doc.tokens[verb].tag == "VBD" or _negated(context, verb) or _a_turn_not_told(context, verb):
        return []
    if _going_as_said_of_another_verb(context, verb):
        return []
    places = [o for _, o in _prep_objects(context, verb, ("to",))] + (
        _children(context, verb, "dobj") if _lemma(context, verb) == "attend" else [])
    places = [k for k in places if _an_event_noun(context, k) and _lemma(context, k) not in NOT_EVENTS]
    time = _recurring_time(context, verb)
    if len(places) != 1 or time is None:
        return []
    days = [w for w in time[0].split() if w in WEEKDAYS]
    if not days:
        return []  # "goes to the gym every morning": a habit, no days of a place
    return [_slot(context, verb, "schedule", time[0], _place_name(context, places[0]), places[0], *time[1],
                  subject=_subject(context, verb))]


# Verbs whose "to go" is no going of now: past ("used to"), tried, hoped, wished or meant ("I'm going to try to go
# to the gym on mondays", "she wants to go to the lunch club on Fridays", "going to go"). Any other keeps the
# schedule: a habit or a need ("I tend to go to the gym on mondays", "mum has to go to the day centre on Mondays",
# "he's started to go to the lunch club", "I need to go to the clinic on tuesdays").
GOING_NOT_NOW = frozenset({"use", "try", "hope", "want", "wish", "plan", "intend", "mean", "aim", "go"})


def _going_as_said_of_another_verb(context: _Context, verb: int) -> bool:
    """The going hangs on a verb of :data:`GOING_NOT_NOW` that makes it past, tried or wished, no schedule of now:
    "mum used to go to the day centre on Mondays" (and only the one who used to)."""
    up = _parent(context, verb)
    if up is None or up[1] != "xcomp":
        return False
    # the lemmatiser reads "hopes" as "hop": the word without its "-s" is looked up too
    return _lemma(context, up[0]) in GOING_NOT_NOW or context.doc.tokens[up[0]].lower.removesuffix("s") in GOING_NOT_NOW


def _place_name(context: _Context, place: int) -> str:
    """A place's common name, without the name of whoever runs it: "the Age UK day centre" is the "day centre" a
    later turn calls it."""
    doc = context.doc
    words = [k for k in _children(context, place, "compound", "amod") if doc.tokens[k].pos != "PROPN"]
    start = place
    while start - 1 in words:
        start -= 1
    return " ".join([doc.tokens[k].lower for k in range(start, place)] + [_lemma(context, place)])


def _under_way(context: _Context, verb: int) -> bool:
    """A present progressive: "Finn is doing Beavers on Thursdays now"."""
    return context.doc.tokens[verb].tag == "VBG" and any(
        _lemma(context, a) == "be" and context.doc.tokens[a].tag in ("VBZ", "VBP") for a in _children(context, verb, "aux"))


def _said_of_it(context: _Context, verb: int) -> bool:
    """"The gym is open every day", "the train was late every day", "standup is a pain on mondays": what the
    thing is like, not when it is."""
    if _lemma(context, verb) != "be" and context.doc.tokens[verb].lower not in ("'s", "’s"):
        return False
    # "the bus is late every day": the parse may make the state an adverb
    states = _children(context, verb, "acomp") + [k for k in _children(context, verb, "advmod") if context.doc.tokens[k].pos == "ADV"
                                                   and context.doc.tokens[k].lower not in ("now", "still", "back", "also", "usually")]
    return any(context.doc.tokens[k].lower not in RECURRENCE_WORDS for k in states) or any(
        not _a_time_of_the_event(context, k) for k in _children(context, verb, "attr"))


def _a_youth_group(context: _Context, i: int) -> bool:
    """A children's club named by its members (:data:`YOUTH_GROUPS`), with its capital and without an article:
    "Brownies", "his Cubs"; not "brownies for dessert on Fridays"."""
    token = context.doc.tokens[i]
    return (token.lower in YOUTH_GROUPS and token.pos in ("NOUN", "PROPN") and token.text[:1].isupper()
            and not any(_lemma(context, d) in ("the", "a") for d in _children(context, i, "det")))


def _an_event_noun(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    if ONE_ON_ONE.match(token.text) or _a_youth_group(context, i):
        return True
    if token.pos != "NOUN" or _lemma(context, i) in NOT_EVENTS or token.lower in NOT_EVENTS:
        return False
    if _lemma(context, i) in MEASURE_UNITS and _children(context, i, "nummod"):
        return False  # "guitar lessons, 30 mins on Mondays": how long each one is, no event of its own
    if _lemma(context, i) in CONDITIONS or is_medicine(_lemma(context, i)) or token.lower in DOSE_UNITS:
        # "I have headaches every morning", "a cold every winter": health (`health`); "2 puffs each morning": a
        # dose (`medication`); no event
        return False
    # "Mondays are busy": a time is no event; "office days", a day of a kind, is
    timed = _is_time(context, i) or _lemma(context, i) in TIMES_OF_A_KIND
    return not timed or bool(_children(context, i, "compound"))


def _event_verb(context: _Context, i: int) -> tuple[int, str] | None:
    """The verb the event hangs on as subject or object, of being, having or moving; a plural weekday the tagger
    took for a verb ("Mia has piano lessons saturdays 10am") stands for its clause."""
    up = _parent(context, i)
    if _said_alone(context, i):
        return i, "fragment"  # "therapy every other thursday at 5, with Dr Okafor"
    if up is None or up[1] not in ("nsubj", "nsubjpass", "dobj"):
        return None
    verb, label = up
    if _lemma(context, verb) in SCHEDULE_VERBS or _have_got(context, verb) or context.doc.tokens[verb].lower in ("'s", "’s") or (
            _put_back(context, verb)):
        return up  # "standup's back to 9:30": the tagger's "'s" with no owner before it is "is"
    if label == "dobj" and _lemma(context, verb) in KEEPING_UP_VERBS and (
            _a_youth_group(context, i) or _is_pastime(context, i) and _lemma(context, i) not in VAGUE_DOINGS):
        return up  # "Finn is doing Beavers on Thursday evenings now", "Ruby's starting gymnastics on Thursdays"
    if _a_weekday_read_as_a_verb(context, verb):
        return verb, "dobj"
    return None


# Words that make "put" a move in time: "put the morning visit back to 8", "put the class forward to 5"
PUT_IN_TIME = frozenset({"back", "forward", "forwards"})


def _put_back(context: _Context, verb: int) -> bool:
    """"The agency put the morning visit back to 8": "put" back or forward moves an event in time; "put the bins out
    on Tuesdays" moves no event."""
    return _lemma(context, verb) == "put" and any(
        context.doc.tokens[k].lower in PUT_IN_TIME for k in _children(context, verb, "advmod", "prt"))


# Verbs that keep up or take up a pastime, whose days said with it are its schedule: "does football on Mondays"
KEEPING_UP_VERBS = frozenset({"do", "start", "begin"})


def _a_weekday_read_as_a_verb(context: _Context, verb: int) -> bool:
    """"has piano lessons saturdays": the parse makes "saturdays" a verb in a clause that "has" governs."""
    grand = _parent(context, verb)
    return (context.doc.tokens[verb].lower[:-1] in WEEKDAYS and grand is not None and grand[1] == "ccomp"
            and _lemma(context, grand[0]) == "have")


def _said_alone(context: _Context, noun: int) -> bool:
    """A noun said with its days and no verb of its own, alone or as what was noted: "weekly 1:1 fridays at 2pm",
    "noted: therapy every other thursday at 5"."""
    up = _parent(context, noun)
    if up is not None and (up[1] not in ("dobj", "ccomp") or _lemma(context, up[0]) not in FRAME_VERBS):
        return False  # "eating veggies with every meal" is no event said alone
    return any(_a_time_of_the_event(context, k) for k in _children(context, noun, "npadvmod", "prep", "amod")
               for k in [k, *_children(context, k, "pobj")])


def _recurring_time(context: _Context, verb: int, said_to_recur: bool = True) -> tuple[str, list[int]] | None:
    """The days and times in the verb's own clause, in the words said ("9:30 every weekday", "every other thursday
    2", "tuesday thursday", "wednesday 11am"), when the clause says they recur (or, with ``said_to_recur`` off,
    any); a day set aside with "not" is left out ("thursdays at 6pm, not wednesdays")."""
    doc = context.doc
    # the days listed are the clause's ("tuesdays and fridays"), a clause joined to it is not; a day the parse joins
    # to the verb is one of the list ("goes to school on mondays and tuesdays")
    joined = {k for c in _children(context, verb, "conj") if not _a_day_joined(context, c) for k in subtree(doc, c)}
    clause = set(subtree(doc, verb, skip=tuple(label for label in OTHER_CLAUSES if label != "conj"))) - joined
    times = sorted(k for k in clause if _a_time_of_the_event(context, k) and not _when_it_starts(context, k)
                   and not _the_time_moved_from(context, verb, k))
    if not times or any(doc.tokens[d].lower in ("this", "last", "next") for k in times for d in _children(context, k, "det")):
        return None  # "late every day this week": a spell of one week, no routine
    kept = sorted(set(times) | {m for k in times for m in _children(context, k, "det", "amod") if doc.tokens[m].lower in EVERY_WORDS})
    words = [doc.tokens[k].lower for k in kept]
    days = {_singular_day(w) for w in words if _singular_day(w) in WEEKDAYS}
    recurs = len(days) > 1 or any(w in RECURRENCE_WORDS or w in EVERY_WORDS
                                  or (w.endswith("s") and w[:-1] in WEEKDAYS | PARTS_OF_THE_DAY) for w in words)
    if said_to_recur and not recurs:
        return None
    value = []
    for n, (k, word) in enumerate(zip(kept, words)):
        if word in ("am", "pm") and value and CLOCK.match(value[-1]):
            value[-1] += word  # "11 am" as "11am"
        elif word != "now":
            if n and _a_range_of_days(context, kept[n - 1], k):
                value.append("to")  # "mon-fri", "tuesday through thursday"
            value.append(_singular_day(word))
    return " ".join(value), times


def _a_day_joined(context: _Context, k: int) -> bool:
    """A weekday alone where the parse put a clause: "on mondays and tuesdays" with "tuesdays" the verb's conjunct."""
    return _singular_day(context.doc.tokens[k].lower) in WEEKDAYS and not _children(context, k, "nsubj", "dobj", "prep")


RANGE_WORDS = frozenset({"-", "–", "to", "through", "thru", "till", "until"})
STARTING_WORDS = frozenset({"from", "since", "starting"})


def _when_it_starts(context: _Context, k: int) -> bool:
    """A time that says from when the days hold, not which they are: "can't do Wednesdays anymore from March". A
    weekday after "from" is the first of a range ("from Monday to Friday")."""
    if _singular_day(context.doc.tokens[k].lower) in WEEKDAYS:
        return False
    up = _parent(context, k)
    if up is not None and up[1] == "compound":
        up = _parent(context, up[0])  # "from next March"
    return up is not None and up[1] == "pobj" and context.doc.tokens[up[0]].lower in STARTING_WORDS


def _the_time_moved_from(context: _Context, verb: int, k: int) -> bool:
    """The old time of an event moved "from" one time "to" another ("the class moved from wednesdays to thursdays",
    "they changed her days from Mondays to Fridays"): the new one alone is its time, where "from Monday to Friday"
    said of no move is a range."""
    doc, up = context.doc, _parent(context, k)
    if _lemma(context, verb) not in MOVING_VERBS or up is None or up[1] != "pobj" or doc.tokens[up[0]].lower != "from":
        return False
    return any(doc.tokens[t].lower == "to" for t in range(k + 1, len(doc.tokens)))


def _a_range_of_days(context: _Context, first: int, last: int) -> bool:
    """Two weekdays with a word of range between them and nothing else: "mon-fri", "monday to thursday"."""
    between = context.doc.tokens[first + 1 : last]
    days = [_singular_day(context.doc.tokens[k].lower) for k in (first, last)]
    return len(between) == 1 and between[0].lower in RANGE_WORDS and all(day in WEEKDAYS for day in days)


def _a_time_of_the_event(context: _Context, k: int) -> bool:
    """A day, part of day, clock time or word of recurrence, not set aside with "not"; a bare number only as a clock
    time after "at" or "to" ("every other thursday at 2", "moved it to 10")."""
    doc = context.doc
    token = doc.tokens[k]
    if k > 0 and doc.tokens[k - 1].lower == "not" or k > 1 and [t.lower for t in doc.tokens[k - 2 : k]] in (
            ["rather", "than"], ["instead", "of"]):
        return False  # "on Sunday rather than Saturday": the day set aside
    if token.lower in RECURRENCE_WORDS or token.lower in ("am", "pm"):
        return True
    if any(doc.tokens[d].lower in EVERY_WORDS for d in _children(context, k, "det")):
        return True  # "every day", "each week"
    up = _parent(context, k)
    if up is not None and up[1] in ("compound", "amod") and _a_daily_round(context, up[0]):
        return False  # "the morning visit": the round's name, not its time
    if token.pos == "NUM":
        after = up is not None and up[1] == "pobj" and doc.tokens[up[0]].lower in ("at", "to")
        return bool(CLOCK.match(token.text)) and (token.ent == "TIME" or after or ":" in token.text)  # "9:15 mon-fri"
    return token.lower in TIME_VALUE_WORDS or token.lemma.lower() in TIME_VALUE_WORDS or _a_short_weekday(context, k)


def _event_name(context: _Context, noun: int) -> str:
    """The event's name: its modifiers and its own lemma, a time among them kept ("office day"); "1:1s" is "1:1"."""
    token = context.doc.tokens[noun]
    if ONE_ON_ONE.match(token.text):
        return token.lower.rstrip("s").replace("-", ":") if token.lower[0].isdigit() else "one-on-one"
    if _a_youth_group(context, noun):
        return token.lower  # "Beavers" is no beaver
    if _a_daily_round(context, noun):
        parts = [context.doc.tokens[k].lower for k in _children(context, noun, "compound", "amod")
                 if context.doc.tokens[k].lower in TIMES_OF_A_ROUND]
        return f"{parts[-1]} {_lemma(context, noun)}"  # "the morning visit" and "the evening visit" are two rounds
    owners = {k for o in _children(context, noun, "poss") for k in subtree(context.doc, o)}
    # "Ruby's starting gymnastics on Thursdays": the parse may hang the verb of starting on the noun
    starting = {k for k in _children(context, noun, "amod", "compound")
                if context.doc.tokens[k].lower in ("starting", "beginning")}  # not "my start time"
    modifiers = _scope(context, [k for k in _phrase_tokens(context, noun) if k != noun and k not in owners | starting])
    return f"{modifiers} {_lemma(context, noun)}".strip()


def _for_whom(context: _Context, noun: int) -> str | None:
    """The person an event is for: "swim lessons for Ella are on mondays" are Ella's."""
    for prep, obj in _prep_objects(context, noun, ("for",)):
        if context.doc.tokens[obj].pos == "PROPN" or _lemma(context, obj) in KIN_WORDS:
            return _subject_key(context, obj)
    return None


def _the_event_it_means(context: _Context, pronoun: int) -> int | None:
    """The one event its sentence names before "it", as a subject or an object: "no, standup stays, they moved it
    to 10"; None where there is none or more than one."""
    doc = context.doc
    start, _ = doc.sentences[doc.tokens[pronoun].sent]
    named = [k for k in range(start, pronoun) if _an_event_noun(context, k)
             and any(arc.label in ("nsubj", "nsubjpass", "dobj", "pobj") for arc in doc.parents(k))]
    return named[0] if len(named) == 1 else None


def _due(context: _Context, due: int) -> list[SlotValue]:
    """A thing due on a day is an arrangement of that day ("my thesis is due on the 15th of May", "the essay is due
    Friday"), so an extension moves it ("the thesis is due on the 1st of June now"). Not "it" or "that", whose thing
    the memory does not say."""
    up = _parent(context, due)
    if up is None or up[1] != "acomp" or _lemma(context, up[0]) != "be":
        return []
    things = [k for k in _children(context, up[0], "nsubj") if context.doc.tokens[k].pos in ("NOUN", "PROPN")]
    time = _time_value(context, due) or _time_value(context, up[0])
    if not things or time is None:
        return []
    value, parts = time
    scope = _scope(context, [k for k in _phrase_tokens(context, things[0]) if not _children(context, k, "poss") or k == things[0]])
    return [_slot(context, up[0], "appointment", value, scope, due, *parts, subject=_owner(context, things[0]))]


def _wedding_day(context: _Context, married: int) -> list[SlotValue]:
    """"We're getting married on the 8th of June": the wedding is an arrangement of that day, which "the wedding's
    been moved to October" moves. Ahead only ("getting", "will get", "are to be"): "we got married in 2019" is
    a past day, no arrangement."""
    doc = context.doc
    up = _parent(context, married)
    verb = up[0] if up is not None and up[1] == "acomp" else married
    ahead = doc.tokens[verb].tag == "VBG" or any(doc.tokens[k].tag == "VBG" for k in _children(context, married, "auxpass"))
    if not (ahead or _looks_ahead(context, verb)) or _negated(context, verb, married):
        return []
    time = _time_value(context, married) or _time_value(context, verb)
    if time is None:
        return []
    value, parts = time
    return [_slot(context, verb, "appointment", value, "wedding", married, *parts, subject=_subject(context, verb))]


def _have_got(context: _Context, verb: int) -> bool:
    """"I've got an interview on Friday", "Jess has got a check-up": "have got" is "have"; a bare "got" is had or
    received ("I got a haircut on Friday")."""
    if _lemma(context, verb) != "get":
        return False
    # "he's got Cubs on Monday nights": the parse may take the "'s" of "has" for a passive's "is"
    has = [a for a in _children(context, verb, "aux", "auxpass") if context.doc.tokens[a].lower in ("'s", "’s")]
    return any(_lemma(context, a) == "have" for a in _children(context, verb, "aux")) or bool(
        (has or _has_read_as_an_owner(context, verb)) and _children(context, verb, "dobj"))


def _has_read_as_an_owner(context: _Context, verb: int) -> bool:
    """"Sam's got Scouts on Fridays", "Mia's started swimming lessons": the parse may take the "'s" of "has" for
    the subject's possessive and the participle for a past tense."""
    doc = context.doc
    return verb > 0 and doc.tokens[verb - 1].lower in ("'s", "’s") and any(
        verb - 1 in _children(context, s, "case") for s in _children(context, verb, "nsubj"))


def _owner(context: _Context, i: int) -> str:
    """Whose thing a noun is: its possessor, and the speaker's when it has none (a memory is its speaker's)."""
    owners = _children(context, i, "poss")
    return _subject_key(context, owners[0]) if owners else SELF


def _scope(context: _Context, tokens: list[int]) -> str:
    """Which appointment or activity: the noun phrase's lemmas without owner, determiners or times; a length
    that modifies the noun ("three month checkup") is no time but names which one it is."""
    kept = [
        j for j in tokens
        if not _is_self_token(context, j) and context.doc.tokens[j].pos not in ("PART", "DET")
        and (not _is_time(context, j) or _in_a_length_modifier(context, j))
    ]
    return " ".join(context.doc.tokens[j].lemma.lower() for j in kept)


def _in_a_length_modifier(context: _Context, j: int) -> bool:
    """Token ``j`` is a counted unit that modifies a noun after it (:func:`sizes_the_noun_after`), or that unit's
    count: "three month" in "his three month checkup", "two week" in "a two week course"."""
    up = _parent(context, j)
    unit = up[0] if up is not None and up[1] == "nummod" else j
    return bool(_children(context, unit, "nummod")) and sizes_the_noun_after(context.doc, unit)


def ownership(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    if token.pos != "VERB":
        return []
    lemma = _lemma(context, i)
    out = []
    lost = lemma in LOSE_VERBS and (lemma != "give" or any(context.doc.tokens[p].lower == "away" for p in _children(context, i, "prt")))
    for obj in _children(context, i, "dobj"):
        noun = _lemma(context, obj)
        if noun not in POSSESSIONS:
            # "we had to rehome Tofu", "we sold Betsy": a pet (or a thing) by its name alone; one "loses" a name
            # for a moment ("I lost Max at the park for ten minutes")
            given_up = lost and lemma != "lose" and not _negated(context, i)
            out.extend(_pet_gone(context, i, [obj]) if given_up else [])
            continue
        if lost:
            out.extend(_with_names(context, obj, _slot(context, i, "ownership", NONE_VALUE, noun, obj)))
        elif lemma in ACQUIRE_VERBS:
            out.extend(_with_names(context, obj, _slot(context, i, "ownership", "yes", noun, obj)))
    if _a_death(context, i):
        out.extend(_pet_gone(context, i, _children(context, i, "nsubj")))
    if lemma == "put" and _put_to_sleep(context, i):
        out.extend(_pet_gone(context, i, _children(context, i, "nsubj", "nsubjpass", "dobj", "advmod")))
    if lemma == "get" and any(context.doc.tokens[p].lower == "rid" for p in _children(context, i, "acomp", "dobj", "prt")):
        for prep, obj in _prep_objects(context, i, ("of",)):
            if _lemma(context, obj) in POSSESSIONS:
                out.append(_slot(context, i, "ownership", NONE_VALUE, _lemma(context, obj), prep, obj))
    return out


def _pet_gone(context: _Context, verb: int, gone: list[int]) -> list[SlotValue]:
    """"My cat Milo passed away", "our dog died", "we had our dog put to sleep": the owner's pet is gone; "Pepper
    passed away", "we had to have Tilly put down" is the pet of that name, when one was owned (a person's name
    matches no pet, so it changes nothing). The tagger may call a pet's name an adverb: a capital tells it."""
    doc, out = context.doc, []
    pets = [pet for pet in gone if _lemma(context, pet) in POSSESSIONS]
    for pet in pets:
        out.extend(_with_names(context, pet, _slot(context, verb, "ownership", NONE_VALUE, _lemma(context, pet), pet,
                                                   subject=_owner(context, pet))))
    owner = _owner(context, pets[0]) if pets else SELF
    for name in gone:
        token = doc.tokens[name]
        named = token.pos == "PROPN" or (token.text[:1].isupper() and token.pos in ("ADV", "NOUN") and name > 0)
        # "Dad died": a relative named by kinship is a person, no pet's name
        if named and name not in pets and not _is_self_token(context, name) and token.lemma.lower() not in KIN_WORDS:
            out.append(_slot(context, verb, "ownership", NONE_VALUE, _lemma(context, name), name, subject=owner))
    return out


def _put_to_sleep(context: _Context, verb: int) -> bool:
    """"Put down" or "put to sleep": a pet's death, the way owners say it."""
    doc = context.doc
    if any(doc.tokens[p].lower == "down" for p in _children(context, verb, "prt")):
        return True
    return any(doc.tokens[o].lower == "sleep" for _, o in _prep_objects(context, verb, ("to",)))


def _with_names(context: _Context, noun: int, slot: SlotValue) -> list[SlotValue]:
    """``slot`` and the same state under each name the possession is given ("a cat called Pepper", "our dog,
    Max", "two cats, Pepper and Salt"; a pet's also beside it: "a puppy, a beagle called Biscuit", "a kitten, her
    name is Pixel"), so that a later "Pepper passed away" finds it by the name alone. Only names hung on the
    possession or on another object of its verb: "a dog from a charity called Dogs Trust" names the charity."""
    names = _names_given(context, noun)
    if _lemma(context, noun) in ANIMALS:
        up = _parent(context, noun)
        for other in _children(context, up[0], "dobj") if up is not None and up[1] == "dobj" else []:
            names += _names_given(context, other) if other != noun else []
        names += _name_said_after(context, noun)
    names += [c for n in names for c in _children(context, n, "conj")]
    return [slot] + [replace(slot, scope=_lemma(context, n)) for n in names if context.doc.tokens[n].pos == "PROPN"]


def _names_given(context: _Context, noun: int) -> list[int]:
    """The names hung on ``noun``: in apposition ("our dog, Max") or after "named"/"called"."""
    out = _children(context, noun, "appos")
    for acl in _children(context, noun, "acl"):
        if _lemma(context, acl) in ("name", "call"):
            out += _children(context, acl, "oprd", "dobj", "attr")
    return out


def _name_said_after(context: _Context, pet: int) -> list[int]:
    """"(I got a kitten yesterday,) her name is Pixel": the name in a "<her/his/its> name is X" of the pet's
    sentence, when the sentence names no person the "her" could be ("a kitten from my neighbour, her name is
    Priya")."""
    doc = context.doc
    sentence = [t for t in doc.tokens if t.sent == doc.tokens[pet].sent]
    if any(t.lemma.lower() in RELATIVES or (t.pos == "PROPN" and t.i < pet) for t in sentence):
        return []
    out = []
    for token in sentence:
        up = _parent(context, token.i)
        if token.lemma.lower() != "name" or up is None or up[1] != "nsubj" or _lemma(context, up[0]) != "be":
            continue
        if any(doc.tokens[o].lower in ("her", "his", "its") for o in _children(context, token.i, "poss")):
            out += _children(context, up[0], "attr")
    return out


def death(context: _Context, i: int) -> list[SlotValue]:
    """"Nani passed away on Sunday", "Dad died on the 28th", "Biscuit died": the one who died is dead
    (``life = dead``), which ends every state that was theirs (consolidation). Only a person or a pet: "my phone
    died" and the speaker's own "I nearly died laughing" are no deaths."""
    if not _a_death(context, i):
        return []
    return [_slot(context, i, "life", DEAD, "", k, subject=_subject_key(context, k))
            for k in _children(context, i, "nsubj") if _can_die(context, k)]


def _a_death(context: _Context, verb: int) -> bool:
    """"died", "passed away": a death told as it is, not as a supposition ("if he passed away", "when Gran dies")."""
    doc = context.doc
    lemma = _lemma(context, verb)
    if doc.tokens[verb].pos not in ("VERB", "AUX") or lemma not in ("die", "pass"):
        return False
    if lemma == "pass" and "away" not in {doc.tokens[p].lower for p in _children(context, verb, "prt", "advmod")}:
        return False
    if not _died_as_told(context, verb):
        return False
    return not _supposed(context, verb) and not _negated(context, verb)


# Words that make a death one that nearly happened: "Dad nearly died in the crash".
NEARLY = frozenset({"nearly", "almost", "practically", "virtually", "basically", "literally"})


def _died_as_told(context: _Context, verb: int) -> bool:
    """A death in the past or perfect, said as it is: not "Mum is dying to meet you" or "dying for a pint" (a
    progressive, a wish), "Dad nearly died", nor "died his hair" (one dies no object: a spelling of "dyed")."""
    doc = context.doc
    if doc.tokens[verb].tag not in ("VBD", "VBN"):
        return False
    if any(doc.tokens[a].lower in NEARLY for a in _children(context, verb, "advmod")):
        return False
    if _children(context, verb, "dobj"):
        return False
    return not any(doc.tokens[p].lower in ("to", "for") for p in _children(context, verb, "prep", "xcomp", "aux"))


def _supposed(context: _Context, verb: int) -> bool:
    """The clause is a condition ("if he passed away", "unless ...") or a time still to come ("when Gran dies",
    "once she dies"), through the clauses it is joined to ("if she got ill and died"). A time told in the past
    happened: "when Dad died last year I moved home"."""
    doc, i = context.doc, verb
    while True:
        marks = {doc.tokens[m].lower for m in _children(context, i, "mark", "advmod")}
        if marks & CONDITION_MARKS or (marks & TIME_MARKS and doc.tokens[i].tag not in ("VBD", "VBN")):
            return True
        up = _parent(context, i)
        if up is None or up[1] != "conj":
            return False
        i = up[0]


def _can_die(context: _Context, k: int) -> bool:
    """Someone who can die: a name, a relative, a pet, "he"/"she"; not the speaker, nor a thing ("the battery")."""
    token = context.doc.tokens[k]
    if _is_self_token(context, k):
        return False
    if token.pos == "PROPN":
        return token.ent not in NOT_PEOPLE
    return token.lemma.lower() in KIN_WORDS | ANIMALS or token.lower in ("he", "she")


def health(context: _Context, i: int) -> list[SlotValue]:
    token = context.doc.tokens[i]
    ended = _condition_gone(context, i)
    if _lemma(context, i) == "be":
        return _in_hospital(context, i) + _condition_back(context, i) + ended
    if token.pos != "VERB" or token.lower == "gone":
        return ended
    lemma = _lemma(context, i)
    out = ended
    if lemma == "diagnose":
        # "my GP diagnosed me with depression": the one diagnosed is the object, not the doctor
        patient = next(iter(_children(context, i, "dobj")), None)
        for prep, obj in _prep_objects(context, i, ("with",)):
            subject = {} if patient is None else {"subject": _subject_key(context, patient)}
            out.append(_slot(context, i, "health", "has", _value(context, obj), prep, obj, **subject))
    if lemma in CONDITION_VERBS:
        for obj in _children(context, i, "dobj"):
            if _lemma(context, obj) in CONDITIONS:
                out.append(_slot(context, i, "health", "has", _lemma(context, obj), obj))
    if lemma in INJURY_VERBS:
        for obj in _children(context, i, "dobj") + [c for o in _children(context, i, "dobj") for c in _children(context, o, "compound")]:
            if _lemma(context, obj) in BODY_PARTS:
                out.append(_slot(context, i, "health", "has", f"{_lemma(context, obj)} injury", obj))
    out += _condition_flared(context, i)
    if lemma in RECOVERY_VERBS and not _still_mending(context, i):
        # "recovering from covid" on the verb itself, not "back from glasto, recovering" on the adverb
        for prep, obj in [(p, o) for p, o in _prep_objects(context, i, ("from",)) if _parent(context, p)[0] == i]:
            out.append(_slot(context, i, "health", "recovered", _lemma(context, obj), prep, obj))
        for obj in _children(context, i, "dobj"):
            if _lemma(context, obj) in CONDITIONS:
                out.append(_slot(context, i, "health", "recovered", _lemma(context, obj), obj))
        for subject in _children(context, i, "nsubj", "nsubjpass"):  # "my ankle has healed", "... is fully healed"
            owners = _children(context, subject, "poss")
            if _lemma(context, subject) in BODY_PARTS and all(_is_self_token(context, o) for o in owners):
                out.append(_slot(context, i, "health", "recovered", f"{_lemma(context, subject)} injury", subject, subject=SELF))
        said_of = _children(context, i, "nsubj", "nsubjpass")
        if not out and said_of and not _children(context, i, "dobj") and _of_a_person(context, i):
            # "my mum is fully recovered": from whatever she had, which a later comparison finds by its subject
            out.append(_slot(context, i, "health", "recovered", ""))
    return out


def _still_mending(context: _Context, verb: int) -> bool:
    """A recovery under way, not over: "I'm still recovering from covid", "she's recovering well", "it's healing"
    (the present progressive). "I've recovered", "fully recovered", "I recovered in a week" are over."""
    doc = context.doc
    return doc.tokens[verb].tag == "VBG" and any(
        _lemma(context, a) == "be" and doc.tokens[a].tag in ("VBP", "VBZ") for a in _children(context, verb, "aux"))


# Verbs of a condition that ends, with the particle each needs: "my cough's gone", "the migraines have stopped",
# "the rash cleared up", "the cough went away"
CONDITION_ENDS = {"go": None, "stop": None, "clear": "up", "disappear": None, "vanish": None}


# Verbs of a condition that comes back or worsens, with the particle each needs: "my eczema is flaring up", "her
# asthma has been playing up", "my gout flares every winter"
CONDITION_FLARES = {"flare": None, "play": "up", "act": "up"}


def _condition_flared(context: _Context, verb: int) -> list[SlotValue]:
    """A condition that flares up is had by its owner: "my eczema is flaring up again" (``health[eczema] = has``);
    not "is your eczema flaring up?" nor "my eczema hasn't flared up"."""
    lemma = _lemma(context, verb)
    particles = {context.doc.tokens[k].lower for k in _children(context, verb, "prt")}
    if lemma not in CONDITION_FLARES or (CONDITION_FLARES[lemma] and CONDITION_FLARES[lemma] not in particles):
        return []
    if _negated(context, verb) or _asked_or_nearly(context, verb):
        return []
    return [_slot(context, verb, "health", "has", _lemma(context, c), c, subject=_owner(context, c))
            for c in _children(context, verb, "nsubj") if _lemma(context, c) in CONDITIONS]


def _condition_gone(context: _Context, verb: int) -> list[SlotValue]:
    """A condition that is gone is over for its owner: "my cough's gone", "the migraines have stopped", "mum's
    cough cleared up". "Gone" or "went away", not "the flu went around the office"; not "hasn't gone"."""
    lemma, doc = _lemma(context, verb), context.doc
    if _negated(context, verb, *_children(context, verb, "aux", "auxpass", "acomp")):
        return []  # "the cough hasn't gone", "my cough is|n't gone"
    if _children(context, verb, "dobj", "xcomp", "ccomp") or _asked_or_nearly(context, verb):
        return []  # "my anxiety has stopped me going out", "is your cough gone?", "my cough is almost gone"
    if lemma == "be":  # "my mum's cough is | gone"
        if not any(doc.tokens[k].lower == "gone" for k in _children(context, verb, "acomp", "attr")):
            return []
    elif doc.tokens[verb].lower == "gone" and doc.tokens[verb].pos == "ADJ":
        pass  # "my cough's gone", its "'s" read as an owner's
    elif lemma not in CONDITION_ENDS:
        return []
    else:
        particles = {doc.tokens[k].lower for k in _children(context, verb, "prt", "advmod")}
        if (CONDITION_ENDS[lemma] and CONDITION_ENDS[lemma] not in particles) or (
                lemma == "go" and doc.tokens[verb].lower != "gone" and "away" not in particles):
            return []
    # the parser hangs the subject on the auxiliary now and then ("my mum's cough | is gone"), or reads "'s" as an
    # owner's ("my cough's gone")
    subjects = _children(context, verb, "nsubj", "nsubjpass") + [
        c for aux in _children(context, verb, "aux", "auxpass") for c in _children(context, aux, "nsubj")] + [
        c for c in _children(context, verb, "poss") if doc.tokens[verb].lower == "gone"]
    return [_slot(context, verb, "health", "recovered", _lemma(context, c), c, subject=_owner(context, c))
            for c in subjects if _lemma(context, c) in CONDITIONS]


def _asked_or_nearly(context: _Context, verb: int) -> bool:
    """The ``verb``'s sentence asks, or a word of degree says it is not quite so ("almost gone")."""
    doc = context.doc
    start, end = doc.sentences[doc.tokens[verb].sent]
    near = {doc.tokens[k].lower for k in range(max(start, verb - 3), min(end, verb + 2))}
    return sentence_asks(doc, verb) or bool(near & {"almost", "nearly", "quite", "mostly"})


def _in_hospital(context: _Context, be: int) -> list[SlotValue]:
    """"Gran is in hospital (again)", "she's in the Royal Cornwall Hospital": in hospital now; "Gran is out of
    hospital" is out of it. A present "be" only: "I was in hospital for a week" is over."""
    doc = context.doc
    if doc.tokens[be].tag not in ("VBZ", "VBP") or not _children(context, be, "nsubj"):
        return []
    if any(doc.tokens[k].tag == "VBG" for k in _children(context, be, "advcl", "xcomp", "conj")):
        return []  # "I'm in hospital visiting Gran", "waiting for the results": there, not a patient
    outs = [k for k in _children(context, be, "prep", "advmod") if doc.tokens[k].lower == "out"]
    places = [(prep, o, "has") for prep, o in _prep_objects(context, be, ("in",))]
    places += [(prep, o, "recovered") for out in outs for prep, o in _prep_objects(context, out, ("of",))]
    return [_slot(context, be, "health", state, "hospital", prep, place)
            for prep, place, state in places if _lemma(context, place) == "hospital"]


def _condition_back(context: _Context, be: int) -> list[SlotValue]:
    """"Jun's dad's cancer is back": the condition's owner has it again."""
    out = []
    if "back" not in {context.doc.tokens[a].lower for a in _children(context, be, "advmod")}:
        return out
    for condition in _children(context, be, "nsubj"):
        if _lemma(context, condition) in CONDITIONS:
            out.append(_slot(context, be, "health", "has", _lemma(context, condition), condition,
                             subject=_owner(context, condition)))
    return out


def age(context: _Context, i: int) -> list[SlotValue]:
    """"I'm 29", "I am 35 years old", "turned 30 yesterday": how old the subject is (one value at a time)."""
    token = context.doc.tokens[i]
    parent = _parent(context, i)
    if parent is None:
        return []
    head, label = parent
    if token.pos == "NUM" and label == "attr" and _lemma(context, head) == "be":
        years, anchors = token.text, (i,)
    elif token.pos == "NUM" and label == "dobj" and _lemma(context, head) == "turn":
        years, anchors = token.text, (i,)
    elif token.lower == "old" and label == "acomp" and _lemma(context, head) in ("be", "turn"):
        units = [u for u in _children(context, i, "npadvmod") if _lemma(context, u) == "year"]
        number = [n for u in units for n in _children(context, u, "nummod") if context.doc.tokens[n].pos == "NUM"]
        if not number:
            return []
        years, anchors = context.doc.tokens[number[0]].text, (number[0], i)
    else:
        return []
    if not years.isdigit() or not 0 < int(years) < 130 or not _has_age(context, head) or _after_a_measure(context, anchors[0]):
        return []
    if _sum_at(context.doc, anchors[0] - 1) is not None or context.doc.tokens[anchors[0]].ent == "MONEY":
        return []  # "he's £38 an hour", "she's 40 quid a session": what someone charges, not how old they are
    if any(context.doc.tokens[s].lower in ("we", "us") for s in _children(context, head, "nsubj")):
        return []  # "if we're 8 we need a bigger table": how many, not how old
    if _lemma(context, head) == "be" and context.doc.tokens[head].tag not in ("VBZ", "VBP"):
        return []  # "since I was 17", "when Joanna was 10": an age back then, not now
    return [_slot(context, head, "age", years, "", *anchors)]


KIN_NOUNS = CHILD_NOUNS | FAMILY_NOUNS | frozenset({"friend", "dog", "cat", "puppy", "kitten"})


def _after_a_measure(context: _Context, number: int) -> bool:
    """The number is the second part of a measure ("I'm 13st 10", "I'm 9 st 4": stones and pounds), not an age: a
    number or a unit just before it ("just over 2" is an age)."""
    doc = context.doc
    before = doc.tokens[number - 1] if number > 0 else None
    return before is not None and (any(c.isdigit() for c in before.lower) or before.lower in MEASURE_UNITS | {"st"})


def _has_age(context: _Context, predicate: int) -> bool:
    """The subject is someone with an age (a person, a relative, a pet), not "the score is 3"; no subject at all
    is the speaker's dropped "I" ("turned 30 yesterday")."""
    subjects = _children(context, predicate, "nsubj")
    if not subjects:
        return _subject(context, predicate) == SELF
    for subject in subjects:
        token = context.doc.tokens[subject]
        if _is_self_token(context, subject) or token.lower in ("he", "she", "they"):
            return True
        if token.pos == "PROPN" and not _common_noun_taken_for_a_name(context, subject):
            return True
        if token.lemma.lower() in KIN_NOUNS:
            return True
    return False


def _common_noun_taken_for_a_name(context: _Context, i: int) -> bool:
    """A lowercase "name" after a common noun is that noun's compound: "pass mark is 40" (the tagger's Mark); not
    "uncle mark is 60", "cousin jack is 12", whose noun says who."""
    token = context.doc.tokens[i]
    return token.text.islower() and any(
        context.doc.tokens[c].pos == "NOUN" and _lemma(context, c) not in KIN_NOUNS | RELATIVES | PEOPLE_NOUNS
        for c in _children(context, i, "compound"))


# Words for one who no longer drinks: "I'm teetotal now" ends drinking as "I've stopped drinking" does.
NOT_DRINKING = frozenset({"teetotal", "tee-total", "teetotaler", "teetotaller"})


def _not_drinking(context: _Context, i: int) -> list[SlotValue]:
    """"I'm teetotal", "I've been teetotal since May", "I'm a teetotaller now": ``activity[drink] = none``."""
    up = _parent(context, i)
    if up is None or up[1] not in ("acomp", "attr") or _lemma(context, up[0]) not in ("be", "become", "go", "stay"):
        return []
    if not _of_a_person(context, up[0]) or _was(context, up[0]):
        return []
    return [_slot(context, up[0], "activity", NONE_VALUE, "drink", i)]


def activity(context: _Context, i: int) -> list[SlotValue]:
    """A pastime kept up or dropped: ``activity[swim] = yes`` from "I swim every Tuesday", "I go swimming on
    Sundays", "took up running"; ``= none`` from "stopped swimming", "gave up playing tennis", "I don't play
    tennis anymore". The scope is the activity's verb and its object ("play tennis", "go gym")."""
    token = context.doc.tokens[i]
    if token.lower in NOT_DRINKING:
        return _not_drinking(context, i)
    if token.pos == "NOUN":
        return _member_of(context, i) or _back_to_a_pastime(context, i)
    if token.pos != "VERB" or _a_dose_taken_for_a_verb(context, i):
        return []
    if any(_lemma(context, s) in CONDITIONS for s in _children(context, i, "nsubj")):
        return []  # "my eczema is flaring up", "her asthma flares up every winter": health (`health`), no pastime
    lemma = _lemma(context, i)
    particles = {context.doc.tokens[p].lower for p in _children(context, i, "prt")}
    if lemma == "play" and "up" in particles | {context.doc.tokens[a].lower for a in _children(context, i, "advmod")}:
        return []  # "my knee is playing up": acting up, no game
    if lemma in STOP_HABIT and _a_break(context, i):
        return []  # "I stopped running for two weeks because of my knee": a pause, the habit goes on
    if lemma == "join":
        return _joined_pastime(context, i)
    if lemma == "cut" and "out" in particles:  # "I've cut out coffee" (not "cut out the middle man")
        habits = [o for o in _children(context, i, "dobj") if _lemma(context, o) in HABIT_NOUNS]
        return [_slot(context, i, "activity", NONE_VALUE, HABIT_NOUNS[_lemma(context, o)], o, negated=False) for o in habits[:1]]
    for verbs, value in ((STOP_HABIT, NONE_VALUE), (START_HABIT, "yes")):
        if lemma in verbs and (verbs[lemma] is None or verbs[lemma] in particles):
            done = [j for j in _children(context, i, "xcomp") if context.doc.tokens[j].tag == "VBG"]
            if done and (scope := _activity_scope(context, done[0])):
                return [_slot(context, i, "activity", value, scope, *_activity_words(context, done[0]), negated=False)]
            # "gave up pottery", "took up yoga": what one takes up or gives up is a pastime (not "quit my job")
            taken = (lemma, verbs[lemma]) in PASTIME_PHRASES
            if value == NONE_VALUE:
                return _ended_pastime(context, i)
            pastimes = [_chat_word_taken_for_a_noun(context, o) for o in _children(context, i, "dobj")]
            pastimes = [o for o in pastimes if taken and _is_pastime(context, o)]
            if pastimes:
                return [_slot(context, i, "activity", value, _lemma(context, pastimes[0]), pastimes[0], negated=False)]
            return []
    # "do" ends a pastime only as "I'm done with"; "I do yoga" keeps one up
    done_with = lemma != "do" or bool(_children(context, i, "auxpass"))
    if lemma in PASTIME_ENDS and (PASTIME_ENDS[lemma] is None or PASTIME_ENDS[lemma] in particles) and done_with:
        return _ended_pastime(context, i)
    if token.tag == "VBG":
        return _taken_up_again(context, i)
    if _a_pastime_tagged_as_a_verb(context, i):
        # which it is the tag cannot say ("I do swim every week" is stressed): the slot of either reading
        scopes = (lemma, f"do {lemma}") if habitual(context.doc, i) else ()
        return [_slot(context, i, "activity", "yes", scope, i) for scope in scopes]
    if token.tag not in ("VBP", "VBZ", "VB", "VBN"):
        return []
    doing = i
    if lemma == "go":  # "I go swimming every Tuesday": the activity is the gerund, unless they go somewhere
        gerunds = [j for j in _children(context, i, "xcomp", "dobj") if context.doc.tokens[j].tag == "VBG"]
        doing = gerunds[0] if gerunds else i
    scope = _activity_scope(context, doing)
    if scope is None:
        return []
    if _no_longer(context, i) or _used_to(context, i):
        # "don't play tennis anymore", "used to swim every day": kept up once, not now
        slot = _slot(context, i, "activity", NONE_VALUE, scope, *_activity_words(context, doing), negated=False)
        return [replace(slot, asserted=not _reported(context, i))]
    if token.tag in ("VBP", "VBZ") and not _negated(context, i) and (habitual(context.doc, i) or habitual(context.doc, doing)):
        return [_slot(context, i, "activity", "yes", scope, *_activity_words(context, doing)),
                *_the_days_it_is_done(context, i, doing, scope)]
    return []


def _the_days_it_is_done(context: _Context, verb: int, doing: int, scope: str) -> list[SlotValue]:
    """The days a pastime or a routine is kept up on, when its clause names them as coming round: "I coach the under
    12s on Sunday mornings" is ``schedule[coach] = sunday morning`` beside the pastime, so "I coach the under 12s on
    Saturday mornings now" moves it (as "Ella does netball on Thursdays" has a schedule). How often alone ("twice a
    week", "every day") names no days, and a day set aside ("on Saturdays, not Sundays") is no day of it."""
    if doing == verb and _lemma(context, verb) == "go":
        return []  # "he goes to nursery on tuesdays": the place's schedule (:func:`_a_place_gone_to_on_days`)
    # "I go swimming on Mondays": the days may hang on the gerund
    time = _recurring_time(context, verb) or (_recurring_time(context, doing) if doing != verb else None)
    if time is None or not any(_singular_day(word) in WEEKDAYS for word in time[0].split()):
        return []
    value, parts = time
    return [_slot(context, verb, "schedule", value, _with_what_and_whom(context, verb, scope), *parts)]


def _with_what_and_whom(context: _Context, verb: int, scope: str) -> str:
    """``scope`` with the pastime's object and companion that it does not name yet ("coach" of "I coach the under
    12s" is "coach under 12s", "play tennis" of "... with Dan" is "play tennis dan"): the same pastime with another
    team or partner is another routine kept beside it, whose days replace nothing ("I coach the under 14s on
    Saturday mornings" leaves the under 12s' Sundays as they were)."""
    doc, named = context.doc, set(scope.split())
    heads = list(_children(context, verb, "dobj")) + [
        o for p in _children(context, verb, "prep") if doc.tokens[p].lower == "with" for o in _children(context, p, "pobj")]
    # the head word and what stands before it only: a day may hang on the object ("the under 12s on Sundays")
    words = [doc.tokens[k].lower for head in heads for k in sorted(subtree(doc, head)) if k <= head]
    return " ".join([scope] + [w for w in words if w not in DETERMINERS and w not in named and w.isalnum()])


# Verbs a stressed "do" goes before that are no pastime: "I do miss him every day", "I do struggle every morning"
STRESSED_FEELINGS = frozenset("miss struggle cry wonder worry enjoy snore appreciate regret panic sweat".split())


def _a_pastime_tagged_as_a_verb(context: _Context, i: int) -> bool:
    """"Ella does ballet twice a week", "I do karate every Monday": the tagger takes the pastime for a verb and
    "does" for its auxiliary, though a statement needs no "do" before its verb. Not a question, a denial ("I don't
    swim") nor "do" put in for stress before a verb of the mind ("I do like it")."""
    doc = context.doc
    if doc.tokens[i].tag != "VB" or _negated(context, i) or _lemma(context, i) in NOT_ACTIVITIES | STRESSED_FEELINGS:
        return False
    helpers = [a for a in _children(context, i, "aux") if _lemma(context, a) == "do" and doc.tokens[a].tag in ("VBZ", "VBP")]
    subjects = _children(context, i, "nsubj")
    question = any(t.text == "?" for t in doc.tokens if t.sent == doc.tokens[i].sent)
    return bool(helpers) and bool(subjects) and subjects[0] < helpers[0] == i - 1 and not question


def _a_break(context: _Context, verb: int) -> bool:
    """A stop for a stretch said ("for two weeks", "for a bit", "for a month"): the habit is paused, not ended."""
    # the parse may hang it on the gerund stopped ("stopped running for two weeks")
    verbs = [verb, *(g for g in _children(context, verb, "xcomp") if context.doc.tokens[g].tag == "VBG")]
    lengths = [o for v in verbs for _, o in _prep_objects(context, v, ("for",))]
    return any(_lemma(context, o) in PERIOD_NOUNS | {"while", "bit", "fortnight"} for o in lengths)


def _taken_up_again(context: _Context, verb: int) -> list[SlotValue]:
    """A habit kept up once more, said with a present progressive and "again" ("i'm smoking again", "I'm drinking
    again") or after "back to" ("back to running, 2 runs a week"): ``activity[...] = yes``."""
    doc = context.doc
    if doc.tokens[verb].tag != "VBG" or _negated(context, verb):
        return []
    scope = _activity_scope(context, verb)
    if scope is None or _lemma(context, verb) == "eat" or not (_again_now(context, verb) or _back_to(context, verb)):
        return []  # "back to eating meat" is a diet (`diet`)
    return [_slot(context, verb, "activity", "yes", scope, *_activity_words(context, verb))]


def _again_now(context: _Context, verb: int) -> bool:
    doc = context.doc
    again = any(doc.tokens[a].lower == "again" for a in _children(context, verb, "advmod"))
    return again and any(_lemma(context, a) == "be" and doc.tokens[a].tag in ("VBP", "VBZ") for a in _children(context, verb, "aux"))



def _ended_pastime(context: _Context, verb: int) -> list[SlotValue]:
    """A pastime ended by naming it: ``activity[...] = none`` under each form it may have been kept up in ("quit
    the gym" ends "go gym", "gym", "do gym"; "cancelled my gym membership" the same; "dropped my yoga class" ends
    "do yoga" and "go yoga"; "gone off running", "done with running" end "run"). "Done" only in "I'm done with";
    "cancel", "drop" and "done with" name a pastime only as something signed up to (a membership, a class) or as
    a gerund, since one cancels plans, drops the kids off and is done with the kitchen; never when the verb is
    negated."""
    doc, lemma = context.doc, _lemma(context, verb)
    if _negated(context, verb) or (lemma == "do" and not _children(context, verb, "auxpass")):
        return []
    if _one_occasion(context, verb, []):
        return []  # "cancelled my yoga class tonight", "stopped the run on Sunday": one occasion, not the habit
    # "given up swimming lol" (the parse makes "lol" the noun), "given up running tbh. knees."
    objects = [_chat_word_taken_for_a_noun(context, _said_before_a_stop(context, verb, o)) for o in _children(context, verb, "dobj")]
    things = objects + [
        obj for prep, obj in _prep_objects(context, verb, PASTIME_END_PREPS)
    ] + [j for j in _children(context, verb, "advcl", "xcomp") if doc.tokens[j].tag == "VBG"]
    for thing in things:
        if _a_known_service(context, thing):
            continue  # "cancelled spotify": a service (`subscription`), though the tagger makes it a verb
        if doc.tokens[thing].pos == "VERB":
            scope = _activity_scope(context, thing)
            scopes = [scope] if scope else []
        else:
            scopes = _pastime_forms(context, thing, signed_up=lemma in SIGNED_UP_ENDS, for_good=lemma == "cancel")
        if scopes:
            return [_slot(context, verb, "activity", NONE_VALUE, scope, thing, negated=False) for scope in scopes]
    return []


def _said_before_a_stop(context: _Context, verb: int, obj: int) -> int:
    """The object as said before a full stop the parse ran across ("given up running tbh. knees.": the gerund,
    which the parse hung on "knees"); else the object itself."""
    doc = context.doc
    stop = next((k for k in range(verb + 1, obj) if doc.tokens[k].text in (".", "!", "?")), None)
    if stop is None:
        return obj
    gerunds = [k for k in range(verb + 1, stop) if doc.tokens[k].tag == "VBG"]
    return gerunds[0] if gerunds else obj


def _member_of(context: _Context, noun: int) -> list[SlotValue]:
    """"I'm a member of the Riverside Rowing Club": the pastime of what one is a member of (``activity[row] =
    yes``), or no longer ("I'm not a member of the choir anymore": ``none``), as joining and leaving it set."""
    up = _parent(context, noun)
    if _lemma(context, noun) != "member" or up is None or up[1] != "attr" or _lemma(context, up[0]) != "be":
        return []
    if not _present(context, up[0]) or _looks_ahead(context, up[0]):
        return []
    ended = _negated(context, up[0]) or _no_longer(context, up[0])
    for _, club in _prep_objects(context, noun, ("of",)):
        scopes = _pastime_forms(context, club, signed_up=True, for_good=False)
        if scopes:
            value = NONE_VALUE if ended else "yes"
            return [_slot(context, up[0], "activity", value, scope, noun, club, negated=False) for scope in scopes]
    return []


def _joined_pastime(context: _Context, verb: int) -> list[SlotValue]:
    """A pastime taken up by joining what it is done in: ``activity[chess] = yes`` from "Raj joined the Battersea
    chess club", as "quit the chess club" ends it; "I joined a choir" is singing in one. Not a thing joined that
    names no pastime ("joined a protest", "joined the Riverside Club")."""
    if _negated(context, verb) or _looks_ahead(context, verb) and not _present(context, verb):
        return []
    for thing in _children(context, verb, "dobj"):
        scopes = _pastime_forms(context, thing, signed_up=True, for_good=False)
        if scopes:
            return [_slot(context, verb, "activity", "yes", scope, thing, negated=False) for scope in scopes]
    return []


def _pastime_forms(context: _Context, noun: int, signed_up: bool, for_good: bool) -> list[str]:
    """The scopes a pastime named by ``noun`` may have been kept up under: "gym" -> gym, go gym, play gym; "my
    yoga class" -> the same of yoga; a gerund noun is its verb ("quit swimming" -> swim). ``signed_up``: the
    pastime counts only named as something signed up to; ``for_good``: only as something kept for good (a
    membership, classes), as a cancelled single class is one occasion."""
    word = _lemma(context, noun)
    if _a_youth_group(context, noun):
        return [context.doc.tokens[noun].lower]  # "Matteo has stopped Cubs": the club, as going to it was kept
    if word in PASTIME_CONTAINERS:
        # "a running club": the pastime may be an "-ing" the parse hangs on as an adjective
        compounds = sorted(_children(context, noun, "compound") + [
            k for k in _children(context, noun, "amod") if context.doc.tokens[k].lower in PASTIME_GERUNDS])
        one_of_them = word not in STANDING_CONTAINERS and context.doc.tokens[noun].tag != "NNS"
        if word in PASTIMES_IN_THEMSELVES and not compounds and not for_good and not _prep_objects(context, noun, ("of",)):
            return [word]  # "I've joined a choir", "I quit the choir": singing in one is the pastime
        if not compounds or _is_time(context, compounds[-1]) or (for_good and one_of_them):
            return []
        if word in STANDING_CONTAINERS and (word == "subscription" or context.doc.tokens[compounds[-1]].pos == "PROPN"):
            return []  # "my Netflix subscription", "the app subscription" are a service's (`subscription`), no pastime
        if _lemma(context, compounds[-1]) in NOT_PASTIMES_OF_A_TEAM:
            return []  # "the Arsenal supporters club": following, no pastime
        if word in TEAMS and context.doc.tokens[compounds[-1]].lower not in TEAM_PASTIMES:
            return []  # "joined the marketing team", "the growth team": work, not a sport
        word = _lemma(context, compounds[-1])
    elif word in MEMBERSHIP_PLACES:
        pass  # "I dropped the gym", "cancelled the gym": the going ends with the membership
    elif word in INSTRUMENTS and not signed_up:
        return [f"play {word}"]  # "gave up the guitar": one plays it (a guitar owned is a possession elsewhere)
    elif word in HABIT_NOUNS and not signed_up:
        return [HABIT_NOUNS[word]]  # "given up cigarettes" ends the smoking
    elif word in DIETS:
        return []  # "gave up on keto": a diet (`diet`), no pastime
    elif signed_up or for_good or not _is_pastime(context, noun) or word in APPOINTMENT_NOUNS | CHILD_NOUNS:
        return []
    if is_medicine(word) or _names_a_medicine(context, noun):
        return []  # stopping a medicine is a medication (`medication`)
    if word.endswith("ing") and len(word) > 5 and word not in NOT_GERUNDS:
        return [verb_of_gerund(word)]
    return [word, *(f"{verb} {word}" for verb in PASTIME_VERBS)]


def verb_of_gerund(word: str) -> str:
    """The verb a gerund the tagger left a noun comes from, by English spelling: "swimming" swim, "smoking"
    smoke, "cycling" cycle, "dancing" dance, "walking" walk, "gardening" garden. (A verb's lemma comes from the
    parser; a noun's lemma is the gerund itself.)"""
    stem = word[:-3]
    one_syllable = len(re.findall(r"[aeiouy]+", stem)) == 1
    # "swimming", and the British "travelling"; "spelling" and "rolling" keep their double l
    if stem[-1] == stem[-2] and stem[-1] not in "sz" and (stem[-1] != "l" or not one_syllable):
        return stem[:-1]
    if re.search(r"(?:c|[^aeioul]l|dg|rg|[^aeiou]at|iz)$", stem) or (
            one_syllable and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", stem)):
        return stem + "e"
    return stem


# Who comes to help at home, whose help one stops or starts as no pastime: "mum's stopped the carers"
HELP_AT_HOME = HOME_CARERS | frozenset({"agency", "nanny", "childminder", "babysitter", "au", "cleaner"})
DAY_OF_THE_MONTH = re.compile(r"\d{1,2}(?:st|nd|rd|th)")


def _is_pastime(context: _Context, i: int) -> bool:
    """A thing one takes up or gives up as a pastime: a common noun that is not a job, a possession, a person, a
    medicine's form or a day ("stopped the calcium tablets", "stopped the carers", "pushed it back to the 29th")."""
    token = context.doc.tokens[i]
    lemma = _lemma(context, i)
    owned = bool(_children(context, i, "poss"))
    people = OCCUPATIONS | CARERS | VISITORS | HELP_AT_HOME
    # "I can't do Wednesdays anymore": a day one does is a turn on a rota, no pastime
    return token.pos == "NOUN" and lemma not in JOB_NOUNS | POSSESSIONS | FAMILY_NOUNS | LISTENERS_SENDINGS and not owned and (
        token.lower not in CHAT_INTERJECTIONS) and not _is_time(context, i) and lemma not in people and (
        token.lower not in NOT_MEDICINE_NAMES and lemma not in NOT_MEDICINE_NAMES) and not DAY_OF_THE_MONTH.fullmatch(token.lower)


def _activity_words(context: _Context, verb: int) -> list[int]:
    """The activity's verb and its object, for the slot's verbatim anchor."""
    return [verb, *_children(context, verb, "dobj")[:1]]


def _no_longer(context: _Context, verb: int) -> bool:
    """"don't swim anymore", "no longer run": the verb is negated and the clause says the habit ended."""
    words = {context.doc.tokens[j].lower for j in _children(context, verb, "advmod", "neg")}
    words |= {context.doc.tokens[k].lower for j in _children(context, verb, "advmod") for k in _children(context, j, "neg")}
    return ("anymore" in words and _negated(context, verb)) or {"no", "longer"} <= words or (
        "longer" in words and _negated(context, verb))


def _activity_scope(context: _Context, verb: int) -> str | None:
    """"swim", "play tennis", "go gym": the verb's lemma with its object (or, for going, where to)."""
    lemma = _lemma(context, verb)
    # "I drink like four coffees a day": the hedge "like" takes the object
    objects = _children(context, verb, "dobj") or [
        o for h in _children(context, verb, "intj") if context.doc.tokens[h].lower == "like" for o in _children(context, h, "pobj")]
    if lemma == "do":
        # "I do yoga three times a week", "stopped doing pilates": a pastime done; "do the dishes" is a chore
        # kept up like one, "do a lot", "do my homework" no pastime at all
        objects = [obj for obj in objects if _is_pastime(context, obj) and _lemma(context, obj) not in VAGUE_DOINGS]
        return f"do {_lemma(context, objects[0])}" if objects else None
    if lemma in NOT_ACTIVITIES and lemma != "go":
        return None
    if lemma == "visit" and not _a_pastime_visit(context, verb, objects):
        return None
    if lemma == "go":
        # "go to the gym" is a pastime, "go to Paris" a trip
        objects = [obj for prep, obj in _prep_objects(context, verb, ("to",)) if context.doc.tokens[obj].pos == "NOUN"]
        if not objects:
            return None
    things = [_lemma(context, _chat_word_taken_for_a_noun(context, obj)) for obj in objects
              if context.doc.tokens[obj].pos in ("NOUN", "PROPN")]
    if lemma in LEARNING_VERBS and things and things[0] in INSTRUMENTS:
        lemma = "play"  # learning the guitar and playing it are one pastime: "given up the guitar" ends both
    return " ".join([lemma, *things[:1]])


def _a_pastime_visit(context: _Context, verb: int, objects: list[int]) -> bool:
    """A visit is a pastime of one's own when it names whom or where ("I visit my nan every sunday", "I visit the
    gym"). Days alone visited are a turn on a rota ("I visit Wednesdays and Sundays", `_days_on_a_rota`); a pronoun
    keeps no one to name ("I visit her on tuesdays"); one whose work is calling on people (:data:`CARERS`,
    :data:`HOME_CARERS`, :data:`VISITORS`) visits on a round ("the nurse visits mum every morning")."""
    doc = context.doc
    named = [obj for obj in objects if doc.tokens[obj].pos in ("NOUN", "PROPN")
             and _singular_day(doc.tokens[obj].lower) not in WEEKDAYS]
    working = any(_lemma(context, k) in CARERS | HOME_CARERS | VISITORS for k in _children(context, verb, "nsubj"))
    return bool(named) and not working


def _chat_word_taken_for_a_noun(context: _Context, i: int) -> int:
    """The noun a chat word ends ("going to the gym btw": the parse makes "btw" the noun, "gym" its compound)."""
    compounds = _children(context, i, "compound")
    return compounds[-1] if context.doc.tokens[i].lower in CHAT_INTERJECTIONS and compounds else i


def repair(context: _Context, i: int) -> list[SlotValue]:
    """Whether a thing works: ``repair[boiler] = broken`` from "the boiler broke down", "the boiler isn't working",
    "my laptop screen cracked", "I broke my phone"; ``= working`` from "the boiler is fixed", "they fixed the
    boiler", "I got the laptop repaired", "the boiler is working again", "the new boiler went in". The subject is
    the thing's owner ("Mum's car broke down" is her car's), the scope the thing. Only things
    (:data:`MACHINES`): "I broke my wrist", "we broke up", "the news broke", "I'm broke" are none."""
    doc, lemma = context.doc, _lemma(context, i)
    if doc.tokens[i].pos not in ("VERB", "AUX") or lemma not in REPAIR_STATE_VERBS:
        return []
    if _supposed(context, i) or _asked_or_nearly(context, i):
        return []  # "if the boiler breaks again", "is the boiler fixed?", "the boiler is almost fixed"
    if lemma in REPAIR_VERBS:
        return _mended(context, i)
    if lemma == "be":
        said = [k for k in _children(context, i, "acomp") if doc.tokens[k].lower in OUT_OF_ORDER]
        if not said or _negated(context, i):
            return []
        things = [k for k in _children(context, i, "nsubj") if _lemma(context, k) not in RUN_FLAT]  # "my phone is dead"
        return _thing_state(context, i, things, BROKEN, *said)
    if lemma == "work":
        return _working_or_not(context, i)
    if lemma == "stop" and any(_lemma(context, k) == "work" for k in _children(context, i, "xcomp")):
        return _thing_state(context, i, _children(context, i, "nsubj"), BROKEN)  # "the boiler stopped working"
    if lemma == "go" and "in" in _particles(context, i):
        # "the new boiler went in on 3 December": a new one fitted works
        fitted = [k for k in _children(context, i, "nsubj") if any(doc.tokens[a].lower == "new" for a in _children(context, k, "amod"))]
        return _thing_state(context, i, fitted, WORKING)
    return _broken_down(context, i)


def _particles(context: _Context, verb: int) -> set[str]:
    return {context.doc.tokens[p].lower for p in _children(context, verb, "prt")}


def _broken_down(context: _Context, verb: int) -> list[SlotValue]:
    """"The boiler broke down", "the washing machine is leaking", "the boiler is broken", "my phone screen
    cracked", "I broke my phone": the thing, the verb's subject or, for "break" and "crack", its object, is
    broken. Not denied ("the boiler didn't break"), and a phone that "died" only ran flat."""
    lemma = _lemma(context, verb)
    needs = BREAKDOWN_VERBS.get(lemma, "")
    if needs == "" or (needs and needs not in _particles(context, verb)) or _negated(context, verb):
        return []
    if lemma == "break" and (_particles(context, verb) - {"down"} or _prep_objects(context, verb, ("into",))):
        return []  # "the ice broke up", "broke in", "my car was broken into"
    things = _children(context, verb, "nsubj", "nsubjpass")
    if lemma in ("break", "crack"):
        things += _children(context, verb, "dobj")
    if lemma == "die":
        things = [k for k in things if _lemma(context, k) not in RUN_FLAT]
    return _thing_state(context, verb, things, BROKEN)


def _working_or_not(context: _Context, work: int) -> list[SlotValue]:
    """"The boiler isn't working", "the car doesn't work": broken; "the boiler is working again", "the heating
    works fine now": working. A bare "the boiler works" is no news of either."""
    things = _children(context, work, "nsubj")
    if _particles(context, work) or _children(context, work, "prep") or {
            context.doc.tokens[k].lower for k in _children(context, work, "advmod")} & {"abroad", "here", "there", "out"}:
        return []  # "isn't working out"; "my phone doesn't work abroad", "in the basement": where, not whether
    if _negated(context, work):
        return _thing_state(context, work, things, BROKEN)
    again = {context.doc.tokens[k].lower for k in _children(context, work, "advmod", "acomp")} & WORKING_AGAIN
    return _thing_state(context, work, things, WORKING) if again else []


def _mended(context: _Context, verb: int) -> list[SlotValue]:
    """"They fixed the boiler", "the boiler was repaired", "we had the boiler replaced", "I got the laptop
    repaired": working. Denied, it is still broken: "they still haven't fixed the boiler". A mending still to come
    is neither ("coming to fix the boiler on Tuesday", "they're fixing it tomorrow")."""
    doc = context.doc
    if doc.tokens[verb].tag not in ("VBD", "VBN"):
        return []
    under_way = any(doc.tokens[a].lower == "being" for a in _children(context, verb, "auxpass"))
    getting = (up := _parent(context, verb)) is not None and doc.tokens[up[0]].tag == "VBG"
    still_awaited = any(doc.tokens[k].lower == "yet" for k in _children(context, verb, "advmod")) and not _negated(context, verb)
    if under_way or getting or still_awaited:
        return []  # "the boiler is being fixed", "we're getting the car fixed", "has the boiler been fixed yet"
    things = _children(context, verb, "dobj", "nsubjpass")
    up = _parent(context, verb)
    if doc.tokens[verb].tag == "VBN" and up is not None and up[1] in ("ccomp", "xcomp") and _lemma(context, up[0]) in ("get", "have"):
        things += _children(context, verb, "nsubj") + _children(context, up[0], "dobj")  # "got the laptop repaired"
    return _thing_state(context, verb, things, BROKEN if _negated(context, verb) else WORKING)


def _thing_state(context: _Context, verb: int, nouns: list[int], state: str, *anchor_tokens: int) -> list[SlotValue]:
    """``repair[<thing>] = state`` for each of ``nouns`` that is a thing (:func:`_machine`), its owner's."""
    out = []
    for noun in nouns:
        thing = _machine(context, noun)
        if thing is not None and not any(context.doc.tokens[o].lower in PRONOUN_OWNERS for o in _children(context, noun, "poss")):
            out.append(_slot(context, verb, "repair", state, thing, noun, *anchor_tokens, subject=_owner(context, noun),
                             negated=False))
    return out


def _machine(context: _Context, noun: int) -> str | None:
    """The thing ``noun`` names: "boiler"; "washing machine" (:data:`MACHINE_HEADS`); a part's thing, by its common
    noun or its name's first word ("my laptop screen" is the laptop, "my Pixel 7 screen" the Pixel)."""
    doc, lemma = context.doc, _lemma(context, noun)
    compounds = _children(context, noun, "compound", "nmod")
    if lemma in MACHINE_PARTS:
        named = [k for k in compounds if doc.tokens[k].pos == "PROPN"]
        owners = [_machine(context, k) for k in compounds]
        return next((o for o in owners if o), _lemma(context, min(named)) if named else None)
    if lemma in MACHINE_HEADS:
        kinds = [k for k in compounds if doc.tokens[k].pos == "NOUN"]
        return f"{doc.tokens[kinds[-1]].lower} {lemma}" if kinds else None
    return lemma if lemma in MACHINES and doc.tokens[noun].pos == "NOUN" else None


def subscription(context: _Context, i: int) -> list[SlotValue]:
    """A service subscribed to or ended: ``subscription[netflix] = yes`` from "I subscribe to Netflix", "I pay for
    Spotify Premium" (the plan is the same service), "I signed up for Audible", "I have a PureGym membership", "I
    joined PureGym", "I get The Economist"; ``= none`` from "I cancelled Netflix", "cancelled my Netflix
    subscription", "I unsubscribed from Disney+", "I let my Audible subscription lapse", "I quit the gym". The
    scope is the service's name, so "cancelled Netflix" ends Netflix and no other."""
    doc, lemma = context.doc, _lemma(context, i)
    if lemma == "subscribe" and doc.tokens[i].pos == "NOUN":
        return _subscribed_read_as_a_noun(context, i)
    if _a_known_service(context, i) and _priced(context, i):
        # "netflix £10.99, spotify £11.99": a list of what one pays for, which the tagger may read as verbs
        return [_slot(context, i, "subscription", "yes", scope, i, i + 1, i + 2, subject=SELF, negated=False)
                for scope in [_service(context, i)] if scope]
    if doc.tokens[i].pos != "VERB" or lemma not in SUBSCRIPTION_VERBS or _supposed(context, i) or _asked_or_nearly(context, i):
        return []
    if _looks_ahead(context, i) or _for_a_while(context, i):
        return []  # "I'm going to cancel Netflix" is a plan; "I quit the gym for a week" a break
    ended = lemma == "unsubscribe" or lemma in SUBSCRIPTION_ENDS or _no_longer(context, i)
    if _negated(context, i) and not _no_longer(context, i):
        return []  # "I didn't cancel Netflix", "I don't pay for Spotify"
    if lemma in SUBSCRIBING:
        if (lemma == "sign" and "up" not in _particles(context, i)) or (lemma == "pay" and not _present(context, i)):
            return []  # "I signed the form for Tom", "I paid for Netflix once"
        services = _prep_objects(context, i, SUBSCRIBING[lemma])
    elif lemma in ("have", "get"):
        # "I have a PureGym membership", "I've got a Netflix subscription", "I get The Economist"
        services = [(o, o) for o in _children(context, i, "dobj")
                    if _lemma(context, o) in STANDING_CONTAINERS or _a_service_got_now(context, i, o)]
    elif lemma == "join" or lemma in SUBSCRIPTION_ENDS:
        if _dropped_off(context, i):
            return []
        services = [(o, o) for o in _children(context, i, "dobj") if _signed_up_to(context, o, lemma in SERVICE_ENDS)]
        if _one_occasion(context, i, []):
            # "I stopped the gym today, my knee hurt": one visit; "cancelled The Economist last Tuesday" is the day
            services = [(o, k) for o, k in services if _lemma(context, k) not in MEMBERSHIP_PLACES]
    elif lemma == "let":
        return _let_lapse(context, i)
    elif lemma in LAPSES:
        return _lapsed(context, i)
    else:
        return []
    # "I pay for Netflix and Spotify"
    services += [(prep, c) for prep, o in services for c in _children(context, o, "conj")]
    return [_slot(context, i, "subscription", NONE_VALUE if ended else "yes", scope, prep, service, negated=False)
            for prep, service in services if (scope := _service(context, service))]


def _priced(context: _Context, i: int) -> bool:
    """A sum of money right after token ``i`` ("spotify £11.99"), in a sentence with no verb but what noted it."""
    doc = context.doc
    if _sum_at(doc, i + 1) is None:
        return False
    return all(_lemma(context, t.i) in FRAME_VERBS for t in doc.tokens
               if t.sent == doc.tokens[i].sent and t.pos in ("VERB", "AUX") and not _a_known_service(context, t.i))


def _dropped_off(context: _Context, verb: int) -> bool:
    """"I dropped Sarah at the station", "dropped Tom off at school": someone taken somewhere, no service ended."""
    return _lemma(context, verb) == "drop" and bool(
        "off" in _particles(context, verb) or _prep_objects(context, verb, ("at", "to", "outside", "near")))


def _for_a_while(context: _Context, verb: int) -> bool:
    """The verb holds "for" a length of time: "I quit the gym for a week" stops for a while."""
    return any(context.doc.tokens[o].ent in ("DATE", "TIME") or _lemma(context, o) in UNITS_OF_A_WHILE
               for _, o in _prep_objects(context, verb, ("for",)))


def _a_service_got_now(context: _Context, verb: int, noun: int) -> bool:
    """"I get The Economist", "Lena gets The Times": a service by its name, got as a habit. One has a Pixel 7 (a
    thing), "I got Netflix" may be one evening's, "I get an iPhone every other year" is a thing bought, "I get
    Tom, he's just shy" is a person understood, and Jon's "it gets Jon out of bed" is no service."""
    doc = context.doc
    if _lemma(context, verb) != "get" or doc.tokens[verb].tag not in ("VBP", "VBZ") or not _a_name(context, noun):
        return False
    if any(doc.tokens[d].lower in ("a", "an") for d in _children(context, noun, "det")):
        return False
    titled = any(_lemma(context, d) == "the" for d in _children(context, noun, "det"))  # "The Guardian", no child
    return doc.tokens[noun].ent != "PERSON" and not _is_self_token(context, noun) and (titled or not _collected(context, verb))


# Where a child is got from: "I get Zuzia from nursery"
COLLECTED_FROM = frozenset({"school", "nursery", "club", "practice", "childminder", "station"})


def _collected(context: _Context, verb: int) -> bool:
    """One gets a person, not a service, at a clock time or from school: "on tuesdays I get Mia at 3.15", "Tom gets
    Zuzia from nursery" (the tagger may know no foreign name for a person); "I get The Economist" names neither."""
    for prep, obj in _prep_objects(context, verb, ("at", "from")):
        token = context.doc.tokens[obj]
        if context.doc.tokens[prep].lower == "at" and CLOCK.match(token.text) and token.pos == "NUM":
            return True
        if context.doc.tokens[prep].lower == "from" and _lemma(context, obj) in COLLECTED_FROM:
            return True
    return False


def _signed_up_to(context: _Context, noun: int, by_name: bool) -> bool:
    """What one joins or ends as a subscription: a membership or subscription, the gym, a gym by its name ("joined
    PureGym"); with ``by_name`` (:data:`SERVICE_ENDS`), any service by its name ("cancelled Netflix"). A named firm
    one joins or quits is an employer."""
    lemma = _lemma(context, noun)
    if lemma in STANDING_CONTAINERS | MEMBERSHIP_PLACES or _a_gym(context, noun):
        return True
    return by_name and _a_name(context, noun)


def _a_name(context: _Context, noun: int) -> bool:
    """A proper name, or a name the tagger took for a common noun or a verb ("I don't pay for Spotify anymore",
    "I pay for Netflix and Spotify"): a capital and an entity."""
    token = context.doc.tokens[noun]
    return token.pos == "PROPN" or (bool(token.ent) and token.text[:1].isupper()) or _a_known_service(context, noun)


def _a_known_service(context: _Context, noun: int) -> bool:
    """A service by a name chat writes in lower case (:data:`KNOWN_SERVICES`, "disney+"), or Amazon's "prime"
    ("cancelled amazon prime", where "amazon" alone is a shop)."""
    doc = context.doc
    word = doc.tokens[noun].lower
    return word in KNOWN_SERVICES or (len(word) > 1 and word.endswith("+")) or (
        word == "amazon" and noun + 1 < len(doc) and doc.tokens[noun + 1].lower == "prime")


def _a_gym(context: _Context, noun: int) -> bool:
    """A gym by its name: "PureGym", "JD Gyms"."""
    token = context.doc.tokens[noun]
    return token.pos == "PROPN" and any(token.lower.rstrip("s").endswith(g) for g in MEMBERSHIP_PLACES)


def _let_lapse(context: _Context, let: int) -> list[SlotValue]:
    """"I let my Audible subscription lapse", "let Netflix expire": the service named in what was let lapse."""
    doc = context.doc
    said = [k for c in _children(context, let, "dobj", "ccomp", "xcomp") for k in subtree(doc, c)]
    # "run" only as "run out": "I let Tom run the meeting" lets no one lapse
    lapsing = [k for k in said if _lemma(context, k) in LAPSES and (_lemma(context, k) != "run" or "out" in _particles(context, k))]
    if not lapsing or _negated(context, let):
        return []
    services = [k for k in said if _lemma(context, k) in STANDING_CONTAINERS or _a_name(context, k)]
    for service in services:
        if scope := _service(context, service):
            return [_slot(context, let, "subscription", NONE_VALUE, scope, service, negated=False)]
    return []


def _lapsed(context: _Context, verb: int) -> list[SlotValue]:
    """"My Netflix subscription ran out", "the gym membership expired": ended; "runs out next week" is yet to."""
    lemma = _lemma(context, verb)
    if (lemma == "run" and "out" not in _particles(context, verb)) or _negated(context, verb):
        return []
    if context.doc.tokens[verb].tag not in ("VBD", "VBN"):
        return []
    services = [k for k in _children(context, verb, "nsubj") if _lemma(context, k) in STANDING_CONTAINERS]
    return [_slot(context, verb, "subscription", NONE_VALUE, scope, k, subject=_owner(context, k), negated=False)
            for k in services if (scope := _service(context, k))]


def _subscribed_read_as_a_noun(context: _Context, noun: int) -> list[SlotValue]:
    """"Pat subscribes to Netflix": the tagger takes "subscribes" for a plural noun and "Pat" for its compound."""
    doc = context.doc
    names = [k for k in _children(context, noun, "compound") if doc.tokens[k].pos == "PROPN" or _is_self_token(context, k)]
    if doc.tokens[noun].lower != "subscribes" or not names:
        return []
    return [_slot(context, noun, "subscription", "yes", scope, prep, o, subject=_subject_key(context, names[0]), negated=False)
            for prep, o in _prep_objects(context, noun, ("to",)) if (scope := _service(context, o))]


def _service(context: _Context, noun: int) -> str | None:
    """The service a noun names, without its plan: "Spotify Premium" is spotify, "The Economist" economist, "my
    PureGym membership" puregym, "the gym membership" gym; no date, event or known place."""
    doc = context.doc
    if _lemma(context, noun) in STANDING_CONTAINERS:
        for _, to in _prep_objects(context, noun, ("to",)):
            if scope := _service(context, to):
                return scope  # "the family subscription to Netflix": Netflix's, whatever kind of plan
        named = [k for k in _children(context, noun, "compound", "amod")
                 if doc.tokens[k].pos in ("PROPN", "NOUN") and doc.tokens[k].lower not in PLAN_WORDS | PLAN_TERMS]
        if named and _lemma(context, noun) == "subscription" and doc.tokens[named[-1]].pos == "NOUN":
            # "cancelled the app subscription": a service named by what it is, in all its words ("a dog food
            # subscription", "the pottery class subscription") and as said ("pilates", no "pilate")
            words = {*named, *(c for k in [noun, *named] for c in _children(context, k, "compound", "amod"))}
            return " ".join(doc.tokens[k].lower for k in sorted(words)
                            if doc.tokens[k].lower not in PLAN_WORDS | PLAN_TERMS and doc.tokens[k].pos != "ADJ")
        return _service(context, named[-1]) if named else None
    token = doc.tokens[noun]
    if _lemma(context, noun) in MEMBERSHIP_PLACES:
        return _lemma(context, noun)
    if not _a_name(context, noun) or token.ent in NOT_SERVICES or is_medicine(token.lower) or token.lower in FAMILY_NOUNS or (
            token.ent in PLACE_ENTITIES and token.lower in known_places()):
        return None
    words = [doc.tokens[k].lower.rstrip("+") or "+" for k in sorted([noun, *_children(context, noun, "compound")])]
    kept = [w for w in words if w not in PLAN_WORDS]
    return " ".join(kept) or None


# Who provides a household service, by the kind of service (``provider[phone] = giffgaff``): one has one network,
# one energy supplier, one car insurer at a time, so a later one replaces the first ("my phone contract with EE"
# then "switched to giffgaff"; "my breakdown cover with the AA" then "green flag £89"). The nouns that name the
# kind, each to its kind; "insurance" and "insurer" keep the noun before them ("car insurance", "home insurance").
SERVICE_KINDS = {
    **dict.fromkeys(("phone", "mobile", "sim"), "phone"),
    **dict.fromkeys(("broadband", "internet", "wifi", "fibre"), "broadband"),
    **dict.fromkeys(("energy", "gas", "electric", "electricity"), "energy"),
    "breakdown": "breakdown cover", "mortgage": "mortgage",
}
# Nouns of a service that take their kind from the noun before them: "phone contract", "energy supplier",
# "broadband deal", "breakdown cover"; alone they say no kind ("same cover", "a good deal").
SERVICE_HOLDERS = frozenset("contract plan deal tariff provider supplier network cover package company".split())
INSURANCE_NOUNS = frozenset({"insurance", "insurer"})
# The phone itself: "my phone is a Samsung" names the handset, not the network
HANDSET_NOUNS = frozenset({"phone", "mobile"})
# A phone one's work gives is its own: "my work phone is with o2" leaves "my phone contract is with EE" alone
WORK_PHONE_WORDS = frozenset({"work", "business", "office", "company"})
# Providers that tell the kind of service by their name, which chat often writes in lower case and says alone
# ("switched to giffgaff", "green flag £89 with home start"). Insurers, banks and lenders sell many kinds, so only
# the noun said with them ("car insurance with Aviva") tells which.
PROVIDER_KINDS = {
    **dict.fromkeys("ee|o2|vodafone|giffgaff|voxi|lebara|smarty|lyca|tesco mobile|sky mobile|id mobile|verizon|"
                    "t-mobile".split("|"), "phone"),
    **dict.fromkeys("virgin media|talktalk|plusnet|hyperoptic|community fibre|comcast|xfinity".split("|"), "broadband"),
    **dict.fromkeys("octopus|british gas|edf|eon|e.on|ovo|scottish power|so energy|shell energy|utility warehouse"
                    .split("|"), "energy"),
    **dict.fromkeys("aa|rac|green flag".split("|"), "breakdown cover"),
}
# Verbs whose "with" names the provider kept or taken ("going with Octopus", "signed up with the AA", "my mortgage
# is with Nationwide", "stayed with EE"); those whose "to" names the one moved to are SWITCH_VERBS ("switched to
# giffgaff", "moved our energy over to Octopus"). One goes to a shop and has lunch with Sarah: a provider needs its
# name known or a service named beside it.
STAYING_WITH = frozenset({"be", "go", "sign", "stay", "stick", "switch", "move", "insure"})
# Entities that are no provider: places, dates, sums. Not people: the small model calls a brand a person ("my
# electricity supplier is Bulb"), and a name with no kind known needs a service named beside it.
NOT_PROVIDERS = frozenset({"GPE", "LOC", "NORP", "DATE", "TIME", "MONEY", "CARDINAL", "ORDINAL", "EVENT"})


def provider(context: _Context, i: int) -> list[SlotValue]:
    """The provider of a kind of service, read at its name: "my phone contract with ee", "my car insurance is with
    Aviva", "my energy supplier is Octopus", "switched my broadband to Virgin Media", "switched to giffgaff",
    "going with Octopus", "green flag £89" (a provider whose name tells the kind, with its price)."""
    named = _provider_name(context, i)
    if named is None:
        return []
    name, known_kind, first = named
    doc, up = context.doc, _parent(context, i)
    if up is None or up[1] not in ("pobj", "attr"):
        # "green flag £89", "giffgaff £12 a month": the one price taken, said alone
        if known_kind and _sum_at(doc, i + 1) is not None and _a_price_said_alone(context, i):
            return _provided(context, i, name, known_kind, SELF, first, i + 2)
        return []
    if up[1] == "attr":
        # "my energy supplier is Octopus"; "my phone is a Samsung", "my phone is an iPhone" is a handset: the phone
        # itself takes only a network's known name ("my phone is giffgaff")
        services = [s for s in _children(context, up[0], "nsubj") if _service_kind(context, s)]
        if _lemma(context, up[0]) != "be" or not services \
                or any(doc.tokens[d].lower in ("a", "an") for d in _children(context, i, "det")) \
                or (_lemma(context, services[0]) in HANDSET_NOUNS and not known_kind):
            return []
        return _provided(context, up[0], name, _service_kind(context, services[0]), _owner(context, services[0]), first, i)
    head = _parent(context, up[0])
    if head is None:
        return []
    predicate, word = head[0], doc.tokens[up[0]].lower
    if word == "with" and _service_kind(context, predicate):
        # "my phone contract with ee, £45", "Megan's breakdown cover with the AA is £168"
        return _provided(context, predicate, name, _service_kind(context, predicate), _owner(context, predicate), first, i)
    if doc.tokens[predicate].lower in DIRECTIONS and (over := _parent(context, predicate)):
        predicate = over[0]  # "moved our energy over to Octopus"
    lemma = _lemma(context, predicate)
    if not ((word == "to" and lemma in SWITCH_VERBS) or (word == "with" and lemma in STAYING_WITH)):
        return []
    if doc.tokens[predicate].pos not in ("VERB", "AUX") or (lemma == "sign" and "up" not in _particles(context, predicate)):
        return []  # "signed the form with EE"
    # the service said with the verb: "my car insurance is with Aviva", "switched my broadband to BT", "went with
    # Admiral for the car insurance", "switched from EE to giffgaff"
    said = [(s, _owner(context, s)) for s in _children(context, predicate, "nsubj") if _service_kind(context, s)]
    said += [(s, None) for s in _children(context, predicate, "dobj") if _service_kind(context, s)]
    said += [(o, None) for _, o in _prep_objects(context, predicate, ("for", "from")) if _service_kind(context, o)]
    if said:
        return _provided(context, predicate, name, _service_kind(context, said[0][0]), said[0][1], first, i)
    return _provided(context, predicate, name, known_kind, None, first, i)


def _provided(context: _Context, predicate: int, name: str, kind: str | None, subject: str | None,
              *anchor_tokens: int) -> list[SlotValue]:
    """The slot for ``name``; nothing with no kind of service, nor in a question, a condition or a denial ("is
    your broadband with BT?", "if I switch to Octopus", "I'm not with EE")."""
    if not kind or _asked_or_nearly(context, predicate) or _supposed(context, predicate) or _negated(context, predicate):
        return []
    if _a_provider_that_was(context, predicate) or _a_switch_not_made(context, predicate):
        return []
    return [_slot(context, predicate, "provider", name, kind, *anchor_tokens, subject=subject, negated=False)]


def _a_price_said_alone(context: _Context, name: int) -> bool:
    """A provider with its price is the one taken only said alone, as a headline ("green flag £89", "giffgaff £12 a
    month"): not one quote of several ("aa £150, green flag £89, rac £120", "vodafone £30, o2 £25, still deciding"),
    nor a price someone pays or that is judged ("Sarah pays vodafone £30", "ee £45 a month is a rip off")."""
    doc = context.doc
    start, end = doc.sentences[doc.tokens[name].sent]
    up = _parent(context, name)
    if up is not None and up[1] in ("nsubj", "nsubjpass", "dobj", "iobj", "dative"):
        return False
    quotes = [k for k in range(start, end) if _sum_at(doc, k) is not None]
    return len(quotes) == 1


def _a_provider_that_was(context: _Context, predicate: int) -> bool:
    """One said to have been the provider is a former one: "my phone contract was with o2", "my last energy supplier
    was Bulb", "my old broadband with BT". A move made in the past ("switched to giffgaff", "went with the AA") is
    the provider now."""
    doc = context.doc
    services = [predicate] if _service_kind(context, predicate) else \
        [s for s in _children(context, predicate, "nsubj") if _service_kind(context, s)]
    if any(_lemma(context, m) in FORMER for s in services for m in _children(context, s, "amod", "compound")):
        return True
    return _lemma(context, predicate) == "be" and doc.tokens[predicate].tag == "VBD"


# Whom one pays for a service one keeps, one at a time, named beside or across "be": "my accountant Priti", "my
# accountant is Ledgerly", "got a cleaner, Marta", "my dentist is Dr Shah"; a new one replaces the last
# (``provider[accountant] = priti``). People by their first name, as for a boss.
PROVIDERS_BY_ROLE = frozenset(
    "accountant bookkeeper solicitor lawyer cleaner childminder dentist vet physio therapist hairdresser "
    "barber mechanic gardener".split()
)
# Firms one buys from, by what they supply, by their whole name: "my flour supplier is Hartley Mills" is
# ``provider[flour supplier] = hartley mills``; a household service's supplier ("energy supplier") is ``provider``'s
FIRMS_BY_ROLE = frozenset({"supplier", "wholesaler"})


def provider_by_role(context: _Context, i: int) -> list[SlotValue]:
    """The one who provides a service or supplies a firm, read at the role's noun: "Ana's accountant Priti has
    everything", "my dentist is Dr Shah", "Bea is our cleaner", "I got an accountant, Fola Adeyemi", "my supplier
    Candle Shack is out of wax", "flour supplier is Hartley Mills" (chat's dropped "my", across "be" only, and for
    the speaker only by default: ``unowned``). Not one that was ("my old accountant Priti", "Priti was my
    accountant"), one of a job ("Priti is an accountant"), a household service ("my energy supplier is Bulb"), nor
    one asked about, supposed or denied."""
    doc = context.doc
    role, up = _lemma(context, i), _parent(context, i)
    if doc.tokens[i].pos != "NOUN" or role not in PROVIDERS_BY_ROLE | FIRMS_BY_ROLE or up is None:
        return []
    if _service_kind(context, i) or any(_lemma(context, m) in FORMER for m in _children(context, i, "amod", "compound")):
        return []
    if up[1] == "attr" and any(doc.tokens[d].lower in ("a", "an") for d in _children(context, i, "det")):
        return []  # "Priti is an accountant": a job
    owner = _boss_owner(context, i)
    if owner is None and up[1] == "compound" and doc.tokens[up[0]].pos == "PROPN":
        # "Ana's bookkeeper Sam": the parse hung the possessor on the name
        owner = next((_subject_key(context, k) for k in _children(context, up[0], "poss")), None)
    if owner is None and (_children(context, i, "det", "prep") or up[1] != "nsubj"):
        return []  # "the accountant at work is Priti", "spoke to the accountant, Priti": whom, not whose
    named_by = up[0] if up[1] == "compound" and doc.tokens[up[0]].pos == "PROPN" else i
    if any(_lemma(context, m) in FORMER for m in _children(context, named_by, "amod")):
        return []  # "my former accountant Priti.": the parse hung "former" on the name
    holders = _named_holders(context, i, beside=owner is not None and _names_whom_one_has(context, named_by))
    if owner is not None and named_by != i and _names_whom_one_has(context, named_by):
        holders.append((i, up[0]))  # "Ana's accountant Priti.": the parse made the noun the name's
    kinds = [doc.tokens[c].lower for c in _children(context, i, "compound") if c < i and (
        doc.tokens[c].pos == "NOUN" or doc.tokens[c].text.islower())]  # "veg supplier", a lower-case "name"
    scope = " ".join([*kinds[-1:], role])  # a window cleaner is no cleaner of the house
    return [replace(_slot(context, anchor, "provider", name, scope, i, holder, subject=owner or SELF),
                    unowned=owner is None)
            for anchor, holder in holders
            if not (_asked_or_nearly(context, anchor) or _supposed(context, anchor) or _negated(context, anchor))
            and (name := _role_holder_name(context, holder, role in FIRMS_BY_ROLE))]


# Verbs by which one says one has a provider, so a name beside the role says who they are: "got an accountant,
# Fola", "we've hired a cleaner, Marta", "found a new dentist, Dr Shah"
HAVING_A_PROVIDER_VERBS = frozenset({"get", "have", "hire", "find"})


def _names_whom_one_has(context: _Context, phrase: int) -> bool:
    """Whether a role named with its holder beside it ("my accountant Priti", "my dentist, Dr Shah") says only who
    the provider is: alone ("My accountant, Priti."), after "this is", or one got ("got an accountant, Fola"). Not
    a provider who does something else ("my dentist, Dr Shah, retired", "my supplier Candle Shack is out of wax",
    "my accountant Priti has the receipts"): that memory says more than who they are, and must not pass for a
    repeat of "my dentist is Dr Shah"."""
    up = _parent(context, phrase)
    if up is None:
        return True
    if up[1] == "attr":
        return _lemma(context, up[0]) == "be"
    return up[1] == "dobj" and _lemma(context, up[0]) in HAVING_A_PROVIDER_VERBS


def _role_holder_name(context: _Context, k: int, firm: bool) -> str | None:
    """A provider by the whole name as said, but a title ("Priti Shah" is priti shah, "Dr Shah" shah, "Kwik Fit"
    kwik fit): two Janes or two Kwiks are two providers; a firm the tagger may call a person or nothing
    ("Hartley Mills", "Candle Shack", "Ledgerly"); no place, date or sum."""
    doc = context.doc
    token = doc.tokens[k]
    if token.pos != "PROPN" or token.ent in NOT_PROVIDERS or _a_place_named(context, k) or _is_time(context, k):
        return _holder_name(context, k)  # "he" after the one other person named
    return _whole_name(context, k)


def _whole_name(context: _Context, k: int) -> str:
    """The flat run of proper nouns a name's word stands in, titles left off: "Candle" in "Candle Shack" (the
    parse made it a compound of "Shack") is candle shack, "Dr Shah" shah."""
    doc = context.doc
    while (up := _parent(context, k)) is not None and up[1] == "compound" and doc.tokens[up[0]].pos == "PROPN":
        k = up[0]
    first = k
    while first > 0 and doc.tokens[first - 1].pos == "PROPN" and (_parent(context, first - 1) or (0, ""))[1] == "compound":
        first -= 1
    while first < k and doc.tokens[first].lower.rstrip(".") in TITLES:
        first += 1
    while k + 2 < len(doc) and doc.tokens[k + 1].text == "&" and doc.tokens[k + 2].pos == "PROPN":
        k += 2  # "Smith & Co", "Toni & Guy": one firm
    return doc.span_text(first, k + 1).lower()


# Verbs that only think of, weigh or advise a move: "thinking of switching to EDF", "my friend recommended going
# with octopus", "wanting to switch to BT"
MUSING_VERBS = frozenset({"think", "consider", "recommend", "suggest", "advise", "want", "plan", "hope", "wonder",
                          "tell", "look", "debate", "try"})


def _a_switch_not_made(context: _Context, predicate: int) -> bool:
    """A switch still to come: said in the -ing form ("switching to EDF next month", "I'm switching to octopus"), or
    a move thought of, weighed or advised ("thinking of switching to EDF", "recommended going with octopus")."""
    doc = context.doc
    if _lemma(context, predicate) in SWITCH_VERBS and doc.tokens[predicate].tag == "VBG":
        return True
    k, seen = predicate, 0
    while (up := _parent(context, k)) is not None and up[1] in ("xcomp", "pcomp", "prep", "ccomp") and seen < 4:
        k, seen = up[0], seen + 1
        if _lemma(context, k) in MUSING_VERBS or doc.tokens[k].lower in ("thinking", "considering"):
            return True
    return False


def _service_kind(context: _Context, noun: int) -> str | None:
    """The kind of service a noun names: "phone contract" phone, "broadband" broadband, "energy supplier" energy,
    "breakdown cover" breakdown cover, "car insurance" car insurance; "contract", "cover" or "deal" alone none."""
    doc, lemma = context.doc, _lemma(context, noun)
    if doc.tokens[noun].pos != "NOUN":
        return None
    before = [k for k in _children(context, noun, "compound", "amod") if k < noun]
    if lemma in INSURANCE_NOUNS:
        kinds = [doc.tokens[k].lower for k in before if doc.tokens[k].pos == "NOUN"]
        return " ".join([*kinds[-1:], "insurance"])
    if lemma in SERVICE_KINDS:
        # "my work phone is with o2" is the employer's phone, not the speaker's own network
        work = [doc.tokens[k].lower for k in before if doc.tokens[k].lower in WORK_PHONE_WORDS]
        return " ".join([*work[-1:], SERVICE_KINDS[lemma]])
    if lemma in SERVICE_HOLDERS:
        kinds = [SERVICE_KINDS[doc.tokens[k].lower] for k in before if doc.tokens[k].lower in SERVICE_KINDS]
        insured = [doc.tokens[k].lower for k in before if _lemma(context, k) in INSURANCE_NOUNS]
        return kinds[-1] if kinds else (_service_kind(context, before[-1]) if insured else None)
    return None


def _provider_name(context: _Context, i: int) -> tuple[str, str | None, int] | None:
    """The provider named at token ``i`` (the head of its name), its kind when the name tells it, and its first
    token: "the AA" (aa), "green flag", "Virgin Media", "Aviva" (a name, no kind). Not a person, a place, a date,
    a relative or the speaker ("had lunch with Sarah", "with my mum")."""
    doc = context.doc
    token = doc.tokens[i]
    first = min([i, *(k for k in _children(context, i, "compound", "amod") if k < i)])
    if first < i and any(doc.tokens[k].pos not in ("NOUN", "PROPN", "ADJ") for k in range(first, i)):
        first = i
    name = doc.span_text(first, i + 1).lower()
    if name in PROVIDER_KINDS:
        return name, PROVIDER_KINDS[name], first
    if token.lower in PROVIDER_KINDS and first < i:
        return None  # "the new ee" would be odd; a known name with other words before it is another thing
    if token.lower in FAMILY_NOUNS or _is_self_token(context, i) or token.ent in NOT_PROVIDERS:
        return None
    if token.pos == "PROPN" or (token.ent == "ORG" and token.text[:1].isupper()):
        return name, None, first
    return None


def quantity(context: _Context, i: int) -> list[SlotValue]:
    """How often, how long or how much of one measured thing, said in the present: ``quantity[run per week] = 3``
    from "I run three times a week" and "it's four runs a week now"; ``quantity[sleep hour] = 7.5`` from "I'm
    sleeping about 7 and a half hours" and "sleep is rubbish, like 6 hours"; ``quantity[10k pb] = 52:40`` from "my
    10k PB is 52:40", and ``= new`` from "New 10k PB!". Not an event told ("I ran 10k on Sunday", "I'm running 5k
    today"), nor a count without a period ("I've run there three times")."""
    token = context.doc.tokens[i]
    lemma = _lemma(context, i)
    if token.lower in BODY_WEIGHT_UNITS:
        return _body_weight(context, i)
    if _is_measure_noun(context, i):
        if _lemma(context, i) in LIFT_NOUNS:
            return _measured_noun(context, i)  # a lift weighs: "bench £60 on Gumtree" is a seat's price
        if lemma in MONEY_ONLY_MEASURES and _asked_or_supposed(context, i):
            return []  # "is their offer £450 now?", "if the appeal is at £5k by May ...": no sum told
        return _measured_noun(context, i) or _a_sum_said_after(context, i) or _now_a_sum(context, i)
    if _is_a_bill(context, i):
        return _a_bills_sum(context, i)
    if lemma == "net" or (lemma == "home" and token.pos == "NOUN"):
        return _take_home(context, i)
    if token.pos == "AUX" or lemma == "be":
        return _counted_be(context, i) or _it_is_a_sum(context, i) or _on_a_sum(context, i) or _a_standing(context, i)
    if token.pos != "VERB" or not _present(context, i) or _negated(context, i) or _a_dose_taken_for_a_verb(context, i):
        return []
    if lemma in RAISING_VERBS:
        return _raised_so_far(context, i)
    if lemma in OFFERING_VERBS:
        return _offered(context, i)
    if lemma in EARNING_VERBS:
        return _earned(context, i)
    if lemma in PAYING_VERBS:
        return _paid_for(context, i)
    if lemma == "weigh":
        return _weighed(context, i)
    if lemma in ("own", "have"):
        return _owned_count(context, i)
    doing = i
    if lemma == "go":  # "I go bouldering twice a week": the activity is the gerund, as for the activity slot
        gerunds = [j for j in _children(context, i, "xcomp", "dobj") if context.doc.tokens[j].tag == "VBG"]
        doing = gerunds[0] if gerunds else i
    thing = _activity_scope(context, doing) if lemma not in MEASURED_VERBS else lemma
    if thing is None:
        return []
    arcs = with_arcs_hung_on_now(context.doc, [a for v in dict.fromkeys((i, doing)) for a in context.doc.children(v)])
    for arc in arcs:
        # a hedge the tagger calls an interjection ("i sleep like 5 hours a night") still hangs the amount on "like"
        heads = [arc.dep] if arc.label in ("dobj", "npadvmod", "tmod", "obl") else (
            _children(context, arc.dep, "pobj") if arc.label in ("prep", "intj") and context.doc.tokens[arc.dep].lower in ("for", "about", "around", "like") else [])
        for head in heads:
            amount = _amount(context, head)
            if amount is None:
                continue
            value, unit, period, tokens = amount
            if period is None and unit is None and arc.label == "dobj":
                period = _period(context, i)  # "I drink two coffees a day": the period hangs on the verb
            if unit is None and period is None:
                continue  # "I've run there three times": a count without a period is no rate
            if period is None and _one_occasion(context, i, tokens):
                continue
            scope = _measure_scope(_without(thing, context.doc.tokens[head].lemma.lower()) if unit else thing, unit, period)
            return [_slot(context, i, "quantity", value, scope, *tokens)]
    return []


# One weight however its unit is spelt: "86 kilos" and "86 kg", "190 lbs" and "190 lb" are one measure.
BODY_WEIGHT_UNITS = {"kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
                     "lb": "lb", "lbs": "lb", "stone": "stone"}
# Pounds are a weight only after "weigh": "I'm down to my last 20 pounds" is money.
WEIGHED_UNITS = {**BODY_WEIGHT_UNITS, "pound": "lb", "pounds": "lb"}
# Words that may stand between a weight and what it is said of: "back to 92 kg", "down to 91 kg", "now 73 kg".
WEIGHT_LINKS = frozenset({"to", "back", "down", "up", "now", "at", "about", "around", "just"})


def _owned_count(context: _Context, verb: int) -> list[SlotValue]:
    """How many of a thing one owns, said in the present: ``quantity[succulent] = 30`` from "I own 30 succulents",
    which "I own 55 succulents now" updates; after "have", only things kept (:data:`KEPT_THINGS`: "I have 12 pots
    on my balcony", "we have three cats"), since one has emails to answer, flatmates, stitches and tabs open. Not
    what is still to do ("3 bags to pack"), a rate ("2 coffees a day"), what is had on one occasion, a past or a
    denial; "2 pairs of trainers" counts the trainers."""
    doc = context.doc
    found = []
    objects = _children(context, verb, "dobj")
    for counted in objects + [c for o in objects for c in _children(context, o, "conj")]:  # "3 cats and 2 dogs"
        thing = counted
        if _lemma(context, counted) in COUNTED_IN:  # "two pairs of trainers"
            thing = next((o for _, o in _prep_objects(context, counted, ("of",))), counted)
        word = _lemma(context, thing)
        if doc.tokens[thing].tag != "NNS" or word in NOT_OWNED_COUNTS or word.rstrip("s") in NOT_OWNED_COUNTS:
            continue
        if _lemma(context, verb) == "have" and word not in KEPT_THINGS:
            continue
        to_do = [k for k in _children(context, counted, "acl", "relcl") if any(
            doc.tokens[a].lower == "to" for a in _children(context, k, "aux"))]  # "3 emails to answer"
        said_of = to_do + [
            k for k in _children(context, counted, "amod", "advmod") + _children(context, verb, "advmod", "acomp", "oprd")
            if doc.tokens[k].lower in TRANSIENT_STATES]
        if said_of or _period(context, counted) or _period(context, verb) or _one_occasion(context, verb, []):
            continue
        count = _count(context, counted)
        if count is None or any(doc.tokens[k].ent in ("DATE", "TIME") for k in subtree(doc, verb)):
            continue
        found.append(_slot(context, verb, "quantity", count, word, thing, *_children(context, counted, "nummod")))
    return found


def _weighed(context: _Context, verb: int) -> list[SlotValue]:
    """"I weigh 86 kilos", "I weigh 13 stone 6", "she weighs 190 pounds now": the subject's weight, in the unit
    said (pounds here are a weight, not money); what one weighs out ("I weighed the flour") has no unit of body
    weight."""
    doc = context.doc
    heads = _children(context, verb, "dobj", "npadvmod", "attr")
    # "12 stone 4 pounds": the stone heads the weight and takes the pounds (`_with_pounds`)
    heads += [k for h in heads for k in _children(context, h, "nmod", "compound") if doc.tokens[k].lower == "stone"]
    for head in sorted(heads, key=lambda k: doc.tokens[k].lower != "stone"):
        unit = WEIGHED_UNITS.get(doc.tokens[head].lower)
        number = _count(context, head)
        if unit is not None and number is not None:
            tokens = [head, *_children(context, head, "nummod")]
            return [_slot(context, verb, "quantity", number, f"weight {unit}", *tokens)]
    return []


def _body_weight(context: _Context, i: int) -> list[SlotValue]:
    """One's weight said without "weigh": "I'm 73 kg", "I'm back to 92 kg", "Down to 91 kg!", "78 kg." (said as
    news, with no verb); not a thing's weight ("the bag was 23 kg", "I lifted 100 kg")."""
    doc = context.doc
    numbers = [j for j in _children(context, i, "nummod") if doc.tokens[j].pos == "NUM"]
    if not numbers and i > 0 and doc.tokens[i - 1].pos == "NUM":
        numbers = [i - 1]
    if not numbers:
        return []
    node, path = i, []
    while (up := _parent(context, node)) is not None and doc.tokens[up[0]].pos not in ("VERB", "AUX"):
        node = up[0]
        path.append(node)
    if not {doc.tokens[k].lower for k in path} <= WEIGHT_LINKS:
        return []
    said = {doc.tokens[k].lower for k in [*path, *(q for n in numbers for q in _children(context, n, "quantmod"))]}
    if said & {"down", "up", "back"} and "to" not in said:
        return []  # "down 5 kg" is a loss, not a weight
    heads = [i, *path] + ([up[0]] if up is not None else [])
    if any(doc.tokens[p].lower == "on" for h in heads for p in _children(context, h, "prep")):
        return []  # "60 kg on the bench": a weight lifted
    head = up[0] if up is not None else None
    said_as_news = head is None or (_lemma(context, head) == "note" and head + 1 < len(doc) and doc.tokens[head + 1].text == ":")
    if not said_as_news and not (_lemma(context, head) == "be" and _weighs_in_the_present(context, head)):
        return []
    value = _count(context, i) or doc.tokens[numbers[0]].text
    subject = SELF if said_as_news else _subject(context, head)
    return [_slot(context, head if head is not None else i, "quantity", value, f"weight {BODY_WEIGHT_UNITS[doc.tokens[i].lower]}",
                  numbers[0], i, subject=subject)]


# Entities that name things, never one who weighs: a product, a building, a work
THING_ENTITIES = frozenset({"PRODUCT", "FAC", "WORK_OF_ART", "LAW", "EVENT", "DATE", "TIME", "MONEY", "QUANTITY"})


def _weighs_in_the_present(context: _Context, be: int) -> bool:
    """The one a weight is said of has a body: the speaker, someone named, "he" or "she", a relative or a pet ("Rocky
    is 31 kg", "my dog is down to 29 kg", "Dev is 78 kg now"), each their own weight; not a thing ("the bag was
    23 kg", "the box is 5 kg"), nor a brand or a product the tagger takes for a name ("the Dyson", "Ryanair")."""
    if _subject(context, be) == SELF:
        return True
    who = subject_token(context.doc, be)
    if who is None or not _present(context, be):
        return False
    token = context.doc.tokens[who]
    # a name with no article that the tagger took for no product (it takes first names for places and firms):
    # "the Dyson is 2.5kg" is a thing, and so is a weight "for" something, an allowance ("Ryanair is 10kg for
    # cabin bags")
    named = token.pos == "PROPN" and token.ent not in THING_ENTITIES and not _children(context, who, "det") and (
        _lemma(context, who) not in MEASURE_NOUNS) and not any(
        _prep_objects(context, k, ("for",)) for k in (be, *_children(context, be, "attr", "acomp")))
    return named or token.lower in ("he", "she") or _lemma(context, who) in KIN_NOUNS


# What a rate is per: "my hourly rate" and "my day rate" are two measures
RATE_PERIODS = frozenset({"hourly", "daily", "day", "weekly", "monthly", "annual", "yearly", "nightly"})


def _measure_name(context: _Context, i: int) -> str:
    """The measured thing a measure noun names, without its owner: "rent", "10k pb"."""
    doc = context.doc
    # the words as said, not lemmas ("best" is a form of "good"); a distance is no time, though the tagger may
    # call "10k" a date
    owners = {k for o in _children(context, i, "poss") for k in subtree(doc, o)}
    words = [
        doc.tokens[j].lower for j in _phrase_tokens(context, i)
        if j not in owners and doc.tokens[j].lower != "new" and doc.tokens[j].pos not in ("PART", "DET")
        and (not _is_time(context, j) or _NUMBER_UNIT.fullmatch(doc.tokens[j].lower) or doc.tokens[j].lower in RATE_PERIODS)
        and not RECORD_TIME.fullmatch(doc.tokens[j].lower)
    ] + [doc.tokens[k].lower for k in _record_modifiers(context, i)]
    said = " ".join(words)
    if MEASURE_ALIASES.get(said, said) == "pb" and (where := _where_the_record_was_set(context, i)):
        return f"{where} pb"
    return MEASURE_ALIASES.get(said, " ".join(MEASURE_ALIASES.get(w, w) for w in words))


def _is_measure_noun(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    if token.pos in ("NOUN", "PROPN") and _lemma(context, i) in LIFT_NOUNS:
        # "the bench is 2 metres long" is a seat, a "French press" makes coffee
        return not _children(context, i, "det") and all(
            _lemma(context, k) in LIFT_QUALIFIERS | LIFT_NOUNS for k in _children(context, i, "compound", "amod"))
    return token.pos in ("NOUN", "PROPN", "ADJ") and (
        _lemma(context, i) in MEASURE_NOUNS or token.lower in MEASURE_NOUNS or bool(_record_modifiers(context, i))
        or _a_named_total(context, i))


def _a_named_total(context: _Context, i: int) -> bool:
    """A total named by what it totals, the sum raised so far: "my sponsorship total", "the appeal total", "total
    raised". A bare "the total" may be any bill's ("the total is £45, can you pay half?"), so it measures nothing."""
    doc = context.doc
    if doc.tokens[i].pos != "NOUN" or _lemma(context, i) != "total":
        return False
    return any(doc.tokens[k].pos in ("NOUN", "PROPN") for k in _children(context, i, "compound")) or any(
        _lemma(context, k) in RAISING_VERBS for k in _children(context, i, "acl"))


def _asked_or_supposed(context: _Context, noun: int) -> bool:
    """The noun's sentence asks, or the clause it is in is a condition: "is their offer £450 now?", "if the appeal is
    at £5k by May"."""
    doc = context.doc
    verbs = [h for h in heads_up(doc, noun) if doc.tokens[h].pos in ("VERB", "AUX")][:1]
    return sentence_asks(doc, noun) or any(_supposed(context, v) for v in verbs)


def _a_fund_said_without_money(context: _Context, noun: int, head: int) -> bool:
    """A fund, an offer or a total (:data:`MONEY_ONLY_MEASURES`, :func:`_a_named_total`) measures only a sum of
    money: "the appeal is at the tribunal", "the appeal is 3 weeks away", "the offer is 20% off" say no sum of it."""
    return (_lemma(context, noun) in MONEY_ONLY_MEASURES or _a_named_total(context, noun)) and (
        _a_sum_of_money(context, head) is None)


def _where_the_record_was_set(context: _Context, record: int) -> str | None:
    """The event a bare record was set at, which names it: "new PB at parkrun, 28:45" and "28:45 at parkrun, new
    PB" are the parkrun PB (the "at" hangs on the record, on its time or on the verb that got it: "got a new PB at
    parkrun"); "a PB at the weekend" names no event."""
    doc = context.doc
    holders = [record] + [a.dep for a in doc.children(record) if RECORD_TIME.fullmatch(doc.tokens[a.dep].lower)]
    up = _parent(context, record)
    if up is not None and (up[1] == "dobj" and _lemma(context, up[0]) in NEW_RECORD_VERBS or _a_record_time(context, *up)):
        holders.append(up[0])
    for _, place in (p for h in holders for p in _prep_objects(context, h, ("at",))):
        if doc.tokens[place].pos == "NOUN" and not _is_time(context, place) and not _children(context, place, "det", "poss") and (
                doc.tokens[place].lower not in NO_EVENT_PLACES):
            return doc.tokens[place].lower
    return None


def _a_record_time(context: _Context, head: int, label: str) -> bool:
    """The record is said beside its time, which the parse made its head: "26:48 at parkrun, new PB!"."""
    return label == "appos" and bool(RECORD_TIME.fullmatch(context.doc.tokens[head].lower))


def _record_modifiers(context: _Context, i: int) -> list[int]:
    """The record word a noun takes as an adverb: "my parkrun best" is the parkrun PB."""
    return [k for k in _children(context, i, "advmod") if context.doc.tokens[k].lower in RECORD_MODIFIERS]


def _measured_noun(context: _Context, i: int) -> list[SlotValue]:
    """"my rent is £1200 a month", "Sleep is rubbish, like 6 hours", "my 10k PB is 52:40", "New 10k PB"."""
    doc = context.doc
    scope = _measure_name(context, i)
    up = _parent(context, i)
    is_new = any(doc.tokens[a].lower == "new" for a in _children(context, i, "amod", "compound"))
    if is_new and not _negated(context, i):
        # a new record, its number said elsewhere or not at all: whatever it was before, it is no more
        if up is None or (up[1] == "attr" and _lemma(context, up[0]) == "be") or (
                up[1] == "dobj" and _lemma(context, up[0]) in NEW_RECORD_VERBS) or _a_record_time(context, *up):
            return [_slot(context, up[0] if up else i, "quantity", NEW_VALUE, scope, i, subject=_owner(context, i))]
    changed = _changed_to(context, i)
    if changed:
        return changed
    if up is None or up[1] != "nsubj" or _lemma(context, up[0]) != "be" or not _present(context, up[0]):
        return []
    be = up[0]
    for arc in doc.children(be):
        heads = [arc.dep] if arc.label in ("attr", "acomp", "npadvmod") else (
            _children(context, arc.dep, "pobj") if arc.label == "prep" and doc.tokens[arc.dep].lower in ("like", "about", "around", "at") else
            [obj for _, obj in _prep_objects(context, arc.dep, ("to",))]
            if arc.label == "advmod" and doc.tokens[arc.dep].lower in MOVED_TO_ADVERBS else [])
        for head in heads:
            amount = _amount(context, head, bare=True)
            if amount is not None and not _a_fund_said_without_money(context, i, head):
                value, unit, _, tokens = _in_thousands(context, i, amount)
                if _lemma(context, i) in LIFT_NOUNS and not _a_lifted_weight(context, head, value, unit):
                    return []  # "bench is 40 quid on eBay", "bench is 2 metres", "squats are 3 sets of 10"
                if _lemma(context, i) in LIFT_NOUNS and unit:
                    value, unit = f"{value}{unit}", None  # "squat is 100kg" and "squat is up to 130": one lift
                return [_slot(context, be, "quantity", value, _measure_scope(scope, unit, None), i, *tokens, subject=_owner(context, i))]
    return []


def _a_lifted_weight(context: _Context, head: int, value: str, unit: str | None) -> bool:
    """A lift's value is a weight, with its unit or bare ("squat is 100kg", "bench is up to 85"): never a sum of
    money, a length, or a count of sets or reps."""
    token = context.doc.tokens[head]
    if value[:1] in MONEY_SIGNS or (unit is not None and unit not in WEIGHED_UNITS and unit not in WEIGHED_UNITS.values()):
        return False
    return token.pos == "NUM" or token.lower in WEIGHED_UNITS or _NUMBER_UNIT.fullmatch(token.lower) is not None


def _is_a_bill(context: _Context, i: int) -> bool:
    """A bill's word (:data:`BILL_NOUNS`), whatever the tagger calls it: in a list of sums it often takes
    "electric" for an adjective and "broadband" for a verb."""
    token = context.doc.tokens[i]
    return token.lower in BILL_NOUNS | SPEND_NOUNS or (token.pos in ("NOUN", "PROPN") and _lemma(context, i) in BILL_NOUNS) or (
        _a_named_fee(context, i))


def _a_named_fee(context: _Context, i: int) -> bool:
    """A fee named by what it is for, by a word before it ("squad fees", "Maya's swim fees"), and by nothing after it:
    a bare "the fees" or "the fees are £48 a month for swimming" would be one slot for every fee, and "the club fees
    are £30 for ballet" names another fee than the club's."""
    doc = context.doc
    if doc.tokens[i].lower not in FEE_NOUNS or doc.tokens[i].pos != "NOUN":
        return False
    named = any(doc.tokens[k].pos in ("NOUN", "PROPN") for k in _children(context, i, "compound"))
    sentence = doc.tokens[i].sent
    # ... and told, not asked ("are the squad fees £55 a month now?")
    return named and not sentence_asks(doc, i) and not any(
        doc.tokens[k].lower == "for" and doc.tokens[k].sent == sentence for k in range(len(doc)))


def _a_bills_sum(context: _Context, bill: int) -> list[SlotValue]:
    """A bill's sum, however said (:data:`BILL_NOUNS`): "nursery is £520 since september", "british gas put my dd
    from £110 to £142", "council tax £186", "council tax went up, now £196"; only a sum of money, and of a spend
    (:data:`SPEND_NOUNS`) or a fee only one by the period."""
    doc = context.doc
    if _names_another_thing(context, bill) or _a_price(context, bill):
        return []
    named = doc.tokens[bill].pos in ("NOUN", "PROPN")  # else only a list's "electric £45" says it is the bill
    found = (named and (_measured_noun(context, bill) or _now_a_sum(context, bill))) or _a_sum_said_after(context, bill)
    found = [slot for slot in found if slot.value[:1] in MONEY_SIGNS]
    if doc.tokens[bill].lower in BY_THE_PERIOD and not any(
            doc.tokens[k].lower in PERIOD_DETERMINERS and _lemma(context, k + 1) in PERIOD_NOUNS
            for k in range(bill, len(doc) - 1) if doc.tokens[k].sent == doc.tokens[bill].sent):
        return []  # "the food is £15 a head": a meal's
    return found


# Words after a bill's that still name the bill: "council tax band C £158"
BILL_DETAILS = frozenset({"band", "bill", "payment"})


def _names_another_thing(context: _Context, bill: int) -> bool:
    """The bill's word only modifies a thing said after it, whose sum it is: "gas engineer £90", "phone case £15",
    "electric blanket £40", "the water park is £25", "insurance excess £250"; not a bill's own detail ("council
    tax band C £158") nor a measure ("phone bill £45")."""
    doc = context.doc
    k = bill + 1
    while k < len(doc) and doc.tokens[k].pos in ("NOUN", "PROPN") and doc.tokens[k].text not in MONEY_SIGNS:
        if _is_measure_noun(context, k) or _is_a_bill(context, k):
            return False
        if _lemma(context, k) not in BILL_DETAILS and not (len(doc.tokens[k].text) == 1 and doc.tokens[k].text.isupper()):
            return True
        k += 1
    return False


# Bills' words that name only a payment, never a thing bought at a price: "the direct debit is now £147"
PAYMENTS_ONLY = frozenset({"dd", "debit"})


def _a_price(context: _Context, bill: int) -> bool:
    """A bill's word said as a thing with its price, not a bill: with a determiner and no period ("the phone is
    £699", "that water was £3"), or priced per item ("water £1.50 a bottle", "£25 each"); "the insurance is £32 a
    month" is the bill."""
    doc = context.doc
    sentence = [k for k in range(bill, len(doc)) if doc.tokens[k].sent == doc.tokens[bill].sent]
    per = [k for k in sentence if doc.tokens[k].lower in PERIOD_DETERMINERS]
    if any(doc.tokens[k].lower == "each" or (k + 1 < len(doc) and doc.tokens[k + 1].pos == "NOUN" and (
            _lemma(context, k + 1) not in PERIOD_NOUNS)) for k in per if k > bill + 1):
        return True  # "£1.50 a bottle", "£25 each"
    if doc.tokens[bill].lower in PAYMENTS_ONLY:
        return False  # "the direct debit went from £168 to £147": a payment is never a thing priced
    by_period = any(k + 1 < len(doc) and _lemma(context, k + 1) in PERIOD_NOUNS for k in per) or any(
        _lemma(context, k) in ("monthly", "weekly", "yearly", "annual", "annually") for k in sentence)
    return bool(_children(context, bill, "det")) and not by_period


def _a_sum_said_after(context: _Context, noun: int) -> list[SlotValue]:
    """"council tax band D £186", "mortgage £1,320 on the 2nd", "broadband now £41.50": a measure named with its
    sum right after it and no verb of its own, as a list of outgoings is said (the parse of such a list hangs the
    sums anywhere, so they are read in the order said). The last measure of the words before the sum is the one
    it measures ("phone bill £45" is the bill's); a verb that tells of another time sets nothing ("paid the gas
    £110 last month")."""
    doc = context.doc
    end = noun
    while end + 1 < len(doc) and doc.tokens[end + 1].pos in ("NOUN", "PROPN") and doc.tokens[end + 1].text not in MONEY_SIGNS:
        end += 1
        if _is_measure_noun(context, end) or _is_a_bill(context, end):
            return []  # "phone bill £45": the bill's
    k = end + 1
    while k < len(doc) and doc.tokens[k].lower in BEFORE_A_SUM:
        k += 1
    value = _sum_at(doc, k)
    if value is None:
        return []
    verb = next((h for h in heads_up(doc, noun) if doc.tokens[h].pos in ("VERB", "AUX")), None)
    if verb is not None and _lemma(context, verb) not in FRAME_VERBS and not _present(context, verb):
        return []
    return [_slot(context, noun, "quantity", value, _bill_name(context, noun), noun, k, k + 1, subject=_owner(context, noun))]


def _bill_name(context: _Context, noun: int) -> str:
    """The measure a noun names with the nouns said right before it, as a list of outgoings words it: "council
    tax" (in "council tax band D £186" the parse hangs "council" elsewhere), "dd" ("my direct debit")."""
    doc = context.doc
    start = noun
    while start > 0 and doc.tokens[start - 1].pos in ("NOUN", "PROPN") and not _is_self_token(context, start - 1) and (
            doc.tokens[start - 1].sent == doc.tokens[noun].sent) and not _children(context, start - 1, "case"):
        start -= 1
    said = " ".join(doc.tokens[k].lower for k in range(start, noun + 1))
    return MEASURE_ALIASES.get(said, said)


def _now_a_sum(context: _Context, noun: int) -> list[SlotValue]:
    """"Council tax went up this month, now £196", "new mortgage started, £1,465 now": the measure is the subject
    of a change told, and the sum said with "now" beside it is its value from then on."""
    doc = context.doc
    up = _parent(context, noun)
    if up is None or up[1] != "nsubj" or doc.tokens[up[0]].pos != "VERB" or _negated(context, up[0]):
        return []
    for now in (k for k in subtree(doc, up[0]) if doc.tokens[k].lower == "now"):
        for sign in (now + 1, now - 2):
            if (value := _sum_at(doc, sign)) is not None:
                return [_slot(context, up[0], "quantity", value, _bill_name(context, noun), noun, sign, sign + 1,
                              subject=_owner(context, noun))]
    return []


# What a sum "net" is taken net of or made from, which makes it no pay: "net of VAT", "net after fees", "net from
# the stall", "net on the flat"
NET_OF_SOMETHING = frozenset({"of", "from", "after", "on", "off"})


def _take_home(context: _Context, i: int) -> list[SlotValue]:
    """One's pay after tax, said as "take home" or "net": "I take home £1,900", "my take home is £2,480", "I get
    £2,100 net", "£2,450 net": the earner's salary (the slot "he's on £3,050 take home" sets). Not a sum sold or
    made "net" of something ("sold it for £300 net", "£500 net profit")."""
    doc = context.doc
    if doc.tokens[i].lower == "net":
        # "£2,100 net": the sum right before it, and no noun after it ("net profit")
        if i < 2 or doc.tokens[i - 2].text not in MONEY_SIGNS or (i + 1 < len(doc) and doc.tokens[i + 1].pos in ("NOUN", "PROPN")):
            return []
        if i + 1 < len(doc) and doc.tokens[i + 1].lower in NET_OF_SOMETHING:
            return []  # "£45 net of VAT", "£300 net from the stall": a price, or a profit made on something else
        sign, number = i - 2, i - 1
        up = _parent(context, i) if _parent(context, number) in (None, (i, "nummod")) else _parent(context, number)
    else:
        said = [k for k in (i - 1,) if k >= 0 and _lemma(context, k) == "take"]
        if not said:
            return []
        sums = [k for k in range(i + 1, min(i + 5, len(doc) - 1)) if doc.tokens[k].text in MONEY_SIGNS]
        if not sums or _sum_at(doc, sums[0]) is None:
            return []
        sign, number = sums[0], sums[0] + 1
        up = (said[0], "") if doc.tokens[said[0]].pos == "VERB" else _parent(context, i)
    verb = up[0] if up is not None and doc.tokens[up[0]].pos in ("VERB", "AUX") else None
    if verb is not None and (_lemma(context, verb) not in {"get", "take", "earn", "make", "bring", "be"} | FRAME_VERBS
                             or _negated(context, verb) or (_lemma(context, verb) not in FRAME_VERBS and not _present(context, verb))):
        return []
    if up is not None and up[1] == "pobj" and doc.tokens[up[0]].lower != "on":
        return []  # "sold it for £300 net"
    if verb is not None and any(doc.tokens[k].lower in POINTING_SUBJECTS for k in _children(context, verb, "nsubj")):
        return []  # "it's £1,000 net": a thing's price, no one's pay
    if doc.tokens[i].lower == "home" and up is not None and up[1] == "nsubj":
        subject = _owner(context, i)  # "my take home is £2,480", "Sam's take home is £2,700"
    else:
        subject = SELF if verb is None or _lemma(context, verb) in FRAME_VERBS else _subject(context, verb)
    value = _sum_text(doc.tokens[sign].text, doc.tokens[number].text.replace(",", ""))
    return [_slot(context, verb if verb is not None else i, "quantity", value, "salary", sign, number, i, subject=subject)]


def _earned(context: _Context, verb: int) -> list[SlotValue]:
    """"I make $78,000 a year", "I earn 28k", "she earns 40 grand": a sum of money earned, in the present, is the
    earner's salary (the slot "my salary is ..." sets); "I make cakes", "I make 3 cakes a week" earn nothing."""
    doc = context.doc
    for obj in _children(context, verb, "dobj", "npadvmod"):
        money = _a_sum_of_money(context, obj)
        if money is None:
            continue
        words = subtree(doc, verb)
        if any(doc.tokens[k].lower in SIDE_INCOME for k in words) or any(
                doc.tokens[k].tag == "VBG" for k in _children(context, verb, "advcl", "xcomp", "pcomp", "prep")):
            return []  # "200 quid a week on the side", "$500 a month selling candles": not the salary
        return [_pay(context, verb, words, *money)]
    return []


def _raised_so_far(context: _Context, verb: int) -> list[SlotValue]:
    """"I've raised £640 for the 10k now", "we've collected £5,000 for the roof so far": a sum of money raised up to
    now (a present perfect) is the running total of what it was raised for, ``quantity[raise 10k] = £640``, which the
    next total replaces (a total had never replaced the last, and "£185 so far" stayed current beside "£640 now").
    Not a sum raised once ("the bake sale raised £412", "we raised £300 on Saturday", "I've raised £50 today"), one
    hoped for or needed ("hoping to raise £500"), asked or supposed ("if I've raised £500 by May")."""
    doc = context.doc
    if doc.tokens[verb].tag != "VBN" or not any(_lemma(context, a) == "have" for a in _children(context, verb, "aux")):
        return []
    if _a_turn_not_told(context, verb) or _supposed(context, verb):
        return []
    for obj in _children(context, verb, "dobj"):
        money = _a_sum_of_money(context, obj)
        if money is None:
            continue
        value, tokens = money
        if _one_occasion(context, verb, tokens):
            return []
        # "raised £3,200 for the church roof": the parse may hang the cause on the sum
        causes = [cause for head in (verb, obj) for _, cause in _prep_objects(context, head, ("for", "towards", "toward"))]
        scope = " ".join(["raise", *(_value(context, cause) for cause in causes[:1])])
        return [_slot(context, verb, "quantity", value, scope, obj, *tokens)]
    return []


# Verbs by which a party puts a sum to the speaker: "they're offering £300", "Craig is bidding £6,000"
OFFERING_VERBS = frozenset({"offer", "bid"})


def _offered(context: _Context, verb: int) -> list[SlotValue]:
    """"SkyJet are offering £100", "they're offering me £300 to settle": a sum another party offers now is their
    offer, ``skyjet.quantity[offer] = £100``, which "SkyJet upped their offer to £200" or "their offer is now £450"
    replaces. Not the speaker's own offer for a thing ("I'm offering £250 for the car": which thing's, the scope
    would not say), an offer to do something ("he's offering to give back £300"), asked or supposed."""
    doc = context.doc
    subject = subject_token(doc, verb)
    if subject is None or _subject(context, verb) == SELF or _a_turn_not_told(context, verb) or _supposed(context, verb):
        return []
    # "a £100 voucher": the sum may be said of the thing offered; "instead of the £350" is the sum set aside
    offered = [k for obj in _children(context, verb, "dobj") for k in (obj, *_children(context, obj, "npadvmod", "nmod", "amod"))
               if not _set_aside(context, k)]
    for obj in sorted(offered):
        money = _a_sum_of_money(context, obj)
        if money is not None:
            value, tokens = money
            return [_slot(context, verb, "quantity", value, "offer", obj, *tokens)]
    return []


# Words before a thing that set it aside for another: "instead of the £350", "rather than £300"
SET_ASIDE = (("instead", "of"), ("rather", "than"))


def _set_aside(context: _Context, head: int) -> bool:
    """The phrase at ``head`` comes right after "instead of" or "rather than": the thing replaced, not the one said."""
    doc = context.doc
    start = min(subtree(doc, head))
    return start >= 2 and (doc.tokens[start - 2].lower, doc.tokens[start - 1].lower) in SET_ASIDE


def _paid_for(context: _Context, verb: int) -> list[SlotValue]:
    """"I pay £900 a month in rent", "we pay £60 a month for the mortgage": a sum paid by the period, in or for a
    measured thing (:data:`MONEY_MEASURES`), is that thing's sum, as "my rent is £900 a month" says; "I pay £9 for
    lunch" names no measure, "we pay £5 for the bill at the pub" no period, and neither sets anything."""
    measures = [obj for _, obj in _prep_objects(context, verb, ("in", "for", "on")) if _is_measure_noun(context, obj)]
    if len(measures) != 1:
        return []
    for obj in _children(context, verb, "dobj", "npadvmod"):
        money = _a_sum_of_money(context, obj, k_needs_a_sign=True)
        if money is not None and _period(context, obj) is not None:  # a rate: "£5 for the bill at the pub" is once
            value, tokens = money
            noun = measures[0]
            return [_slot(context, verb, "quantity", value, _measure_name(context, noun), noun, *tokens,
                          subject=_subject(context, verb))]
    return []


def _pay(context: _Context, verb: int, words: list[int], value: str, tokens: list[int], subject: str | None = None) -> SlotValue:
    """The earner's salary; by the hour it is a rate of pay, not the salary it would replace."""
    hourly = any(_lemma(context, k) in ("hour", "hr") for k in words)
    return _slot(context, verb, "quantity", value, "pay per hour" if hourly else "salary", *tokens, subject=subject)


def _a_sum_of_money(context: _Context, head: int, k_needs_a_sign: bool = False) -> tuple[str, list[int]] | None:
    """``(value, tokens)`` of the sum of money ``head`` heads: "$78,000", "40 grand", "28k" (thousands: said of
    earning, "k" is money, not a distance); with ``k_needs_a_sign``, a bare "5k" is none."""
    amount = _amount(context, head, bare=True)
    if amount is None:
        return None
    value, unit, _, tokens = amount
    if unit == "k" and NUMBER.fullmatch(value) and not k_needs_a_sign:
        return _thousands(value), tokens
    if value[:1] in MONEY_SIGNS or _lemma(context, head) in MONEY_NOUNS:
        return value, tokens
    return None


# A place in a ranking, said in digits ("I'm 14th out of 20 on the squash ladder", "I'm up to 3rd in the league
# now"): where the speaker stands in that ranking, so a new place in the same one replaces the old. Only with the
# ranking named, and it names the slot: a bare "I'm 12th now" may be in any of one's rankings, or a race's, and a
# bare ordinal is as often a date or a birthday ("it's the 14th", "dad is 90th now"). Only the speaker's own: "we're
# 3rd" is a team's place, and a place in anything else is no standing ("I'm 2nd in the queue").
PLACE_ORDINAL = re.compile(r"(\d{1,3})(st|nd|rd|th)")
RANKINGS = frozenset("league table ladder standings rankings ranking leaderboard division".split())
SPEAKER_ALONE = frozenset({"i"})


def _a_standing(context: _Context, be: int) -> list[SlotValue]:
    """``quantity[squash ladder position] = 14`` from "I'm 14th out of 20 on the squash ladder": the speaker's
    present place (:data:`PLACE_ORDINAL`) "in" or "on" a ranking (:data:`RANKINGS`), said as is or "up"/"down to"
    it; a place of "we", of another, in no ranking named or in anything else sets nothing."""
    doc = context.doc
    if _lemma(context, be) != "be" or not _present(context, be) or _negated(context, be):
        return []
    if _a_turn_not_told(context, be) or _supposed(context, be):
        return []  # "if I'm 3rd in the league by june", "when I'm 1st ...", "am I 3rd in the league?"
    subject = subject_token(doc, be)
    if subject is None or doc.tokens[subject].lower not in SPEAKER_ALONE:
        return []
    moved = [obj for adverb in _children(context, be, "advmod", "prep") if doc.tokens[adverb].lower in MOVED_TO_ADVERBS
             for _, obj in _prep_objects(context, adverb, ("to",))]
    places = [k for k in _children(context, be, "attr", "acomp") + moved
              if _place_number(doc.tokens[k].lower) and not _children(context, k, "det", "poss")]
    if len(places) != 1:
        return []
    place = places[0]
    ranked_in = [obj for _, obj in _prep_objects(context, be, ("in", "on")) + _prep_objects(context, place, ("in", "on"))]
    if len(ranked_in) != 1 or _lemma(context, ranked_in[0]) not in RANKINGS or _prep_objects(context, ranked_in[0], ("of",)):
        return []  # "I'm 12th now", "I'm 2nd in the queue", "22nd on the waiting list", "3rd in the table of contents"
    value = str(_place_number(doc.tokens[place].lower))
    return [_slot(context, be, "quantity", value, f"{_value(context, ranked_in[0])} position", place, subject=SELF)]


def _place_number(word: str) -> int | None:
    """The place an ordinal in digits names, with the ending English gives it ("12th", "22nd", never "12nd"); past
    "1st", an "st" is stones of weight ("I'm 13st 10 now", "21st now"), no place."""
    found = PLACE_ORDINAL.fullmatch(word)
    if found is None:
        return None
    number, ending = int(found.group(1)), found.group(2)
    spelt = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return number if ending == spelt and (ending != "st" or number == 1) and number > 0 else None


def _on_a_sum(context: _Context, be: int) -> list[SlotValue]:
    """"I'm on £52,000 now", "she's on £40k", "I'm on 52k a year", "he's on £12 an hour": a person "on" a sum of
    money is paid it. A bare "k" is money only with "a year" ("I'm on 5k" may be a run); "I'm on 20mg" is a
    dose, no sum."""
    doc = context.doc
    if _lemma(context, be) != "be" or not _present(context, be) or _negated(context, be):
        return []
    if not _children(context, be, "nsubj") or not _of_a_person(context, be):
        return []
    heads = [j for j in _children(context, be, "attr") if any(doc.tokens[q].lower == "on" for q in _children(context, j, "quantmod"))]
    heads += [obj for _, obj in _prep_objects(context, be, ("on",))]
    for head in heads:
        money = _a_sum_of_money(context, head, k_needs_a_sign=_period(context, head) != "year")
        if money is not None and _only_the_sum(context, be):
            return [_pay(context, be, subtree(doc, head), *money, subject=_subject(context, be))]
    return []


# Words that may come with a sum one is paid: its sign, its period, "now"
PAY_WORDS = frozenset({"a", "an", "per", "year", "annum", "month", "week", "hour", "day", "now", "currently", "just",
                       "only", "about", "around", "roughly", "nearly", "almost", "over", "k", "grand"})


def _only_the_sum(context: _Context, be: int) -> bool:
    """"I'm on £52,000 now" says a pay and nothing else; "I'm on £60 a week for groceries", "£1,500 of savings
    left", "£300 a month child support", "£60k between us" say what else the sum is (a budget, savings, a benefit,
    a household's)."""
    doc = context.doc
    # the words of the clause of "be", not its subject nor a clause hung on it ("Maria got a raise too, she's on ...")
    around = [k for arc in doc.children(be) if arc.label not in {"nsubj", "punct", "cc", "mark", "xcomp"} | INNER_CLAUSES
              for k in subtree(doc, arc.dep)]
    since = {k for p in around if _says_since_when(context, p) or _the_sum_before(context, p) for k in subtree(doc, p)}
    said = [doc.tokens[k] for k in around if doc.tokens[k].pos not in ("PUNCT", "NUM", "SYM") and doc.tokens[k].text not in MONEY_SIGNS
            and doc.tokens[k].ent not in ("DATE", "TIME")  # "she's on $66,000 now (August 1st)": when it began
            and k not in since]
    return all(t.lower in PAY_WORDS | {"on"} or _NUMBER_UNIT.fullmatch(t.lower) or t.lemma.lower() in MONEY_NOUNS for t in said)


# What a pay holds since: a change at work ("I'm on £45k now after the promotion"); after anything else the sum
# is what is left ("£1,800 after tax", "£2,100 a month after my student loan", "after everything")
PAY_EVENTS = frozenset({"promotion", "raise", "rise", "restructure", "restructuring", "review", "appraisal", "move",
                        "job", "switch", "change", "regrade", "regrading", "bump", "increase", "payrise"})


def _what_a_thing_costs(context: _Context, be: int) -> bool:
    """"It's £50 to fix the boiler", "it's £300 for the car repair": the sum is what a thing costs, not a measure.
    (Not :func:`_for_a_purpose`, the purpose of a stay, for which "for good" is none.)"""
    doc = context.doc
    return bool(_children(context, be, "xcomp", "advcl")) or any(
        doc.tokens[p].lower in ("for", "to") for p in _children(context, be, "prep")
    ) or any(doc.tokens[p].lower in ("for", "to") for a in _children(context, be, "attr") for p in _children(context, a, "prep"))


def _the_sum_before(context: _Context, preposition: int) -> bool:
    """"I'm on £31,500 now instead of £35,000", "up from £40k": the phrase names the sum paid before, nothing else
    the sum is."""
    doc = context.doc
    if doc.tokens[preposition].lower in {"up", "down"}:  # "up from £35k": the parse hangs "from" on "up"
        return any(doc.tokens[p].lower == "from" and _the_sum_before(context, p) for p in _children(context, preposition, "prep"))
    if doc.tokens[preposition].lower not in {"of", "from"} or preposition == 0:
        return False
    if doc.tokens[preposition - 1].lower not in {"instead", "up", "down"}:
        return False
    return any(_a_sum_of_money(context, k) is not None for k in _children(context, preposition, "pobj"))


def _says_since_when(context: _Context, preposition: int) -> bool:
    """"I'm on £45k now after the promotion", "she's on £40k since the restructure", "since March": the phrase says
    since when the pay holds, nothing else the sum is."""
    if context.doc.tokens[preposition].lower not in {"after", "since", "following"}:
        return False
    return any(_lemma(context, k) in PAY_EVENTS or context.doc.tokens[k].ent == "DATE"
               for k in _children(context, preposition, "pobj"))


def _in_thousands(context: _Context, noun: int, amount: tuple) -> tuple:
    """"My salary is 32k": of a sum of money, "k" is thousands ("32,000"), not a unit; of a run it stays one."""
    value, unit, period, tokens = amount
    if unit == "k" and _lemma(context, noun) in MONEY_MEASURES and NUMBER.fullmatch(value):
        return _thousands(value), None, period, tokens
    return amount


def _thousands(number: str) -> str:
    """"32" said with "k" of money: "32,000" (no sign is said with it)."""
    return _sum_text("", number, thousands=True)


def _changed_to(context: _Context, i: int) -> list[SlotValue]:
    """"My rent went up to $1,850", "we cut the budget back to $26,500": a measure noun that is the subject or the
    object of a verb of change (:data:`CHANGE_TO_VERBS`) takes the sum after the verb's "to" as its value (the
    parse hangs "up to $1,850" on the verb as its object, "back to $26,500" as a preposition of the adverb). A sum
    without "to" is by how much it changed ("it went up by $50", "they cut $50 off the rent"), no value."""
    doc = context.doc
    up = _parent(context, i)
    if up is None or up[1] not in ("nsubj", "nsubjpass", "dobj"):
        return []
    verb = up[0]
    if doc.tokens[verb].pos != "VERB" or _lemma(context, verb) not in CHANGE_TO_VERBS or _negated(context, verb):
        return []
    changed = [o for o in _children(context, verb, "dobj") if _is_measure_noun(context, o) or _is_a_bill(context, o)]
    if up[1] == "nsubj" and changed:
        return []  # "British Gas put my dd up to £142": the one who changed it, not what was changed ("my weight
        # dropped a stone to 80kg" changes the subject by an amount)
    # "from $1,500 to $1,850" hangs the new sum on "from", the "to" before it
    sums = [obj for _, obj in _prep_objects(context, verb, ("to",))] + [
        j for j in _children(context, verb, "dobj", "npadvmod") + [obj for _, obj in _prep_objects(context, verb, ("from", "up", "down"))]
        if any(doc.tokens[q].lower == "to" for q in _children(context, j, "quantmod", "aux", "prep"))
    ]
    for head in sums:
        amount = _amount(context, head, bare=True)
        if amount is not None and head != i and not _a_fund_said_without_money(context, i, head):
            value, unit, _, tokens = amount
            return [_slot(context, verb, "quantity", value, _measure_scope(_measure_name(context, i), unit, None), i, *tokens,
                          subject=_bound_owner(context, i, verb))]
    return []


def _bound_owner(context: _Context, noun: int, verb: int) -> str:
    """Whose the changed measure is: its owner, and a "his", "her" or "their" on the object is the one the clause's
    subject names ("the landlord upped his offer to £450", "SkyJet upped their offer to £200": the landlord's,
    SkyJet's), as English binds a possessive to its clause's subject by default."""
    owners = _children(context, noun, "poss")
    subject = subject_token(context.doc, verb)
    if owners and context.doc.tokens[owners[0]].lower in PRONOUN_OWNERS and subject is not None and (
            context.doc.tokens[subject].pos in ("NOUN", "PROPN")):
        return _subject(context, verb)
    return _owner(context, noun)


def _counted_be(context: _Context, be: int) -> list[SlotValue]:
    """"it's four runs a week now": a counted activity with a period, said of the speaker (or of the subject)."""
    if _lemma(context, be) != "be" or not _present(context, be) or _negated(context, be):
        return []
    for attr in _children(context, be, "attr"):
        amount = _amount(context, attr)
        if amount is None or _lemma(context, attr) in MONEY_NOUNS:
            continue  # "140 quid a month" is a sum, its measure named by the subject
        value, unit, period, tokens = amount
        subjects = _children(context, be, "nsubj")
        pointing = not subjects or context.doc.tokens[subjects[0]].lower in POINTING_SUBJECTS
        subject = SELF if pointing else _subject(context, be)
        if unit is not None:
            # "I'm up to 25 hours a week of studying", "it's 8 hours of sleep a night": an amount of the activity
            # named after "of", the slot its verb would set ("studying 20 hours a week": study hour); a rate, so
            # with a period, and not one day's ("it's 3 hours of driving today")
            doing = _of_activity(context, attr) if period is not None and not _one_occasion(context, be, tokens) else None
            if doing is not None:
                return [_slot(context, be, "quantity", value, _measure_scope(doing, unit, None), *tokens, subject=subject)]
            continue
        if period is None or _lemma(context, attr) in PERIOD_NOUNS:
            continue  # "it's 3 days a week now": days name no activity counted
        return [_slot(context, be, "quantity", value, _measure_scope(_lemma(context, attr), None, period), *tokens, subject=subject)]
    return []


def _of_activity(context: _Context, amount: int) -> str | None:
    """The activity an amount is "of", on the amount's noun or on its period ("25 hours a week of studying", "8
    hours of sleep"): a gerund's activity, or a noun's lemma."""
    doc = context.doc
    for head in [amount, *_children(context, amount, "npadvmod", "tmod")]:
        for prep in _children(context, head, "prep"):
            if doc.tokens[prep].lower != "of":
                continue
            for obj in _children(context, prep, "pobj", "pcomp"):
                if doc.tokens[obj].pos == "VERB":
                    return _activity_scope(context, obj)
                if doc.tokens[obj].pos == "NOUN":
                    return _lemma(context, obj)
    return None


def _it_is_a_sum(context: _Context, be: int) -> list[SlotValue]:
    """"The landlord knocked £50 off the rent, so it's £1,300 a month now": a sum said of "it" is the sum of the
    one measured thing its sentence (or, naming none, the sentence before) names before it, and a new value of that
    thing. With two measured things
    named, or none, whose sum it is goes unsaid ("it's £300 to fix"); "that" and "this" may point at a whole
    clause, so only "it" is read so."""
    doc = context.doc
    if _lemma(context, be) != "be" or not _present(context, be) or _negated(context, be):
        return []
    subjects = _children(context, be, "nsubj")
    if not subjects or doc.tokens[subjects[0]].lower != "it":
        return []
    sentence = doc.tokens[be].sent
    named = [j for j in range(subjects[0]) if doc.tokens[j].sent == sentence and _is_measure_noun(context, j)]
    if not named and not _what_a_thing_costs(context, be):
        # or the one the sentence just before changed, when this one names none ("My landlord put the rent up. It's
        # £1,025 a month"); "Rent is fine. It's £300 for the car repair" is another sum
        named = [j for j in range(subjects[0]) if doc.tokens[j].sent == sentence - 1 and _is_measure_noun(context, j)
                 and (up := _parent(context, j)) is not None and _lemma(context, up[0]) in CHANGE_TO_VERBS]
    if len({_measure_name(context, j) for j in named}) != 1:
        return []
    for attr in _children(context, be, "attr"):
        amount = _amount(context, attr, bare=True)
        if amount is None or doc.tokens[attr].pos != "NUM":
            continue
        value, unit, _, tokens = amount
        noun = named[-1]
        return [_slot(context, be, "quantity", value, _measure_scope(_measure_name(context, noun), unit, None), noun,
                      *tokens, subject=_owner(context, noun))]
    return []


def _amount(context: _Context, head: int, bare: bool = False) -> tuple[str, str | None, str | None, list[int]] | None:
    """``(value, unit, period, tokens)`` of a quantity phrase headed by ``head``: "three times a week" (3, time,
    week), "about 7 and a half hours" (7.5, hour, None), "four runs a week" (4, None, week: a count of runs),
    "twice a week" (2, time, week); with ``bare``, also a number or sum alone: "52:40", "£1200 a month"."""
    doc = context.doc
    token = doc.tokens[head]
    lemma = token.lemma.lower()
    period = _period(context, head)
    if lemma in PERIOD_NOUNS:
        multiples = [d for d in _children(context, head, "predet", "advmod", "quantmod") if doc.tokens[d].lower in COUNT_ADVERBS]
        if multiples and _period(context, head, itself=True):
            return str(COUNT_ADVERBS[doc.tokens[multiples[0]].lower]), None, lemma, [multiples[0], head]
        number = _count(context, head)
        if number is not None and period is not None and period != lemma:
            # "4 days a week", "two nights a week": how many times a week, as "four times a week" says it
            return number, None, period, [head]
        return None
    number = _count(context, head)
    if token.pos == "NOUN" and number is not None and lemma in MONEY_NOUNS:
        signs = [j for j in _children(context, head, "nmod", "quantmod", "compound") if doc.tokens[j].text in MONEY_SIGNS]
        sign = MONEY_WORDS.get(lemma) or (doc.tokens[signs[0]].text if signs else "")
        return _sum_text(sign, number, thousands=lemma == "grand"), None, period, [*signs, head]
    if token.pos == "NOUN" and number is not None and lemma in PERCENT_WORDS:
        return f"{number}%", None, period, [head]
    if token.pos == "NOUN" and number is not None:
        unit = lemma if lemma in MEASURE_UNITS else None
        if unit == "time" and period is None:
            return None
        return number, (None if unit == "time" else unit), period, [head]
    split = _NUMBER_UNIT.fullmatch(token.lower)
    signs = [j for j in _children(context, head, "nmod", "quantmod", "compound") if doc.tokens[j].tag == "$" or doc.tokens[j].text in MONEY_SIGNS]
    if split and split.group(2) == "k" and signs:  # "£34k": thirty-four thousand, written as "£34,000" is
        return _sum_text(doc.tokens[sorted(signs)[-1]].text, split.group(1), thousands=True), None, period, [sorted(signs)[-1], head]
    if split and split.group(2) in MEASURE_UNITS and not _a_measure_named(context, head):  # "25k", "70kg"
        return _number_text(split.group(1)), split.group(2), period, [head]
    if bare and (token.pos == "NUM" or token.ent in ("MONEY", "QUANTITY", "CARDINAL")) and any(c.isdigit() for c in token.text):
        signs = sorted(signs)[-1:]  # the sign next to it: "from $1,500 to $1,850" may hang both on the last sum
        sign = "".join(doc.tokens[j].text for j in signs)
        if sign and re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", token.text):
            return _sum_text(sign, token.text.replace(",", "")), None, period, [*signs, head]
        return sign + token.text, None, period, [*signs, head]
    return None


def _a_measure_named(context: _Context, head: int) -> bool:
    """A number glued to its unit with an article or an owner names a thing of that measure, as "the marathon"
    does, no amount: "raised £640 for the 10k", "training for the 10k three times a week", "my 5k is on Sunday"
    are of a race ("I run 25k a week", "I lift 70kg" are amounts). Read as one, "the 10k" had made a sum raised for
    it ``quantity[raise k] = 10``, and a later sum raised for it the same value again."""
    return bool(_children(context, head, "det", "poss"))


def _sum_at(doc: ParsedDoc, sign: int) -> str | None:
    """The sum of money written at token ``sign``, its sign then its number ("£ 1,320"), or None."""
    if not 0 <= sign < len(doc) - 1 or doc.tokens[sign].text not in MONEY_SIGNS:
        return None
    number = doc.tokens[sign + 1].text.replace(",", "")
    return _sum_text(doc.tokens[sign].text, number) if NUMBER.fullmatch(number) else None


def _sum_text(sign: str, number: str, thousands: bool = False) -> str:
    """A sum of money written one way whatever way it was said: "£1200", "£1,200", "1,200 quid" -> "£1,200";
    "£34k", "34 grand" -> "£34,000" / "34,000" (no sign is said with "grand")."""
    value = float(number.replace(",", "")) * (1000 if thousands else 1)
    return sign + (f"{int(value):,}" if value == int(value) else f"{value:,.2f}")


NUMBER = re.compile(r"\d+(?:\.\d+)?")
_NUMBER_UNIT = re.compile(rf"({NUMBER.pattern})([a-z]+)")


def _count(context: _Context, noun: int) -> str | None:
    """The number a noun is counted with: "three times" 3, "7 and a half hours" 7.5, "6 hours" 6."""
    for j in _children(context, noun, "nummod"):
        word = context.doc.tokens[j].lower.replace(",", "")  # "1,200 quid"
        base = _number_text(word) if NUMBER.fullmatch(word) else (
            str(NUMBER_WORDS[word]) if word in NUMBER_WORDS else None)
        if base is None:
            continue
        if any(context.doc.tokens[h].lower == "half" for h in _children(context, j, "conj")):
            return _number_text(str(float(base) + 0.5))
        if _lemma(context, noun) == "stone":
            return _with_pounds(context, noun, base)
        return base
    return None


POUND_WORDS = frozenset({"pound", "lb", "lbs"})


def _with_pounds(context: _Context, stone: int, stones: str) -> str:
    """"13 stone 6" and "13 stone 6 pounds" are 13 st 6 lb: the pounds kept, a later "13 stone 1" is another weight,
    not the same 13 said again."""
    doc = context.doc
    after = [j for j in _children(context, stone, "nummod") if j > stone and NUMBER.fullmatch(doc.tokens[j].lower)]
    up = _parent(context, stone)
    siblings = _children(context, up[0], "dobj", "attr", "npadvmod") if up is not None else []
    # "12 stone 4 pounds" may hang the stone on the pounds
    pounds = siblings + ([up[0]] if up is not None else [])
    after += [n for k in pounds if k > stone and _lemma(context, k) in POUND_WORDS
              for n in _children(context, k, "nummod") if NUMBER.fullmatch(doc.tokens[n].lower)]
    return f"{stones} st {_number_text(doc.tokens[after[0]].lower)} lb" if after else stones


def _number_text(text: str) -> str:
    value = float(text)
    return str(int(value)) if value == int(value) else str(value)


def _period(context: _Context, head: int, itself: bool = False) -> str | None:
    """"a week", "per month", "every night" on ``head`` (or ``head`` itself): the period of a rate."""
    doc = context.doc
    candidates = [head] if itself else (
        _children(context, head, "npadvmod", "tmod") + [o for p in _children(context, head, "prep") if doc.tokens[p].lower == "per" for o in _children(context, p, "pobj")])
    for j in candidates:
        if _lemma(context, j) in PERIOD_NOUNS and (
                any(doc.tokens[d].lower in PERIOD_DETERMINERS for d in _children(context, j, "det", "predet"))
                or (_parent(context, j) or (0, ""))[1] == "pobj"):
            return _lemma(context, j)
    return None


def _measure_scope(thing: str, unit: str | None, period: str | None) -> str:
    """"run per week" for a count; "sleep hour" for an amount with a unit, whatever period it is said over ("6
    hours a night", "7 hours most nights"): one measure. "I weigh" measures the weight."""
    thing = MEASURE_ALIASES.get(thing, thing)
    if unit:
        return f"{thing} {unit}"
    return f"{thing} per {period}" if period else thing


def _without(thing: str, word: str) -> str:
    """The activity without the unit the parse took for its object ("sleep hour" -> "sleep")."""
    words = thing.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] == word else thing


def _present(context: _Context, verb: int) -> bool:
    """Said of now: a present-tense verb, or one whose auxiliary (or that of the verb it is joined to) is present
    ("is sleeping", "'ve been running", "is stressed and sleeping badly")."""
    doc = context.doc
    for v in [verb] + [h for h, label in [_parent(context, verb) or (verb, "")] if label == "conj"]:
        if doc.tokens[v].tag in ("VBZ", "VBP"):
            return True
        if any(doc.tokens[a].tag in ("VBZ", "VBP") for a in _children(context, v, "aux", "auxpass")):
            return True
    return False


def _one_occasion(context: _Context, verb: int, amount: list[int]) -> bool:
    """The clause names one day ("today", "on Sunday"): an amount done then, not a state."""
    return any(context.doc.tokens[k].lower in ONE_OCCASION for k in subtree(context.doc, verb) if k not in amount)


# --- medication -------------------------------------------------------------------------------------------
# Which words are medicines is `extraction.lexicon.is_medicine` (by name, or by the stem of the international
# name), shared with the privacy scope.
DOSE_UNITS = frozenset({"mg", "mcg", "µg", "ug", "ml", "g", "iu", "units", "unit", "milligrams", "micrograms",
                        "puffs", "puff", "tablets", "tablet", "capsules", "capsule"})
DOSE_UNIT_NAMES = {"milligrams": "mg", "micrograms": "mcg", "µg": "mcg", "ug": "mcg", "unit": "units"}
# The units only a medicine is counted in, which tell a name said with one is a medicine's ("clenil, 2 puffs"), as
# grams, millilitres and units do not ("sugar, 20g a day", "raised the price to 20 units")
MEDICINE_ONLY_UNITS = DOSE_UNITS - {"g", "ml", "units", "unit"}
# Supplements are named "vitamin" and a letter: "vitamin D tablets", "stopped the vitamin B12" (``vitamin d``).
VITAMIN_LETTERS = re.compile(r"[abcdek]\d{0,2}")
# Words said with a dose that name no medicine: "mum, 2 tablets", "the morning, 2 puffs", "my inhaler, 2 puffs"
NOT_MEDICINE_NAMES = frozenset({"inhaler", "inhalers", "medication", "medicine", "meds", "dose", "dosage", "pill",
                                "pills", "spray", "sprays", "injection", "injections", "drops", "patches",
                                "prescription", "vitamin", "vitamins"}) | DOSE_UNITS | frozenset(
    # meals, drinks and what takes tablets or capsules besides a person: "Breakfast, 2 tablets with water", "upped
    # my coffee to 3 capsules", "Nespresso, 2 capsules a day", "the dishwasher, 2 tablets"
    "breakfast brunch lunch dinner supper tea snack meal food water coffee espresso nespresso tassimo dolce pod pods "
    "dishwasher washer machine printer laptop phone ipad".split())
DOSE = re.compile(rf"({NUMBER.pattern})(mg|mcg|µg|ug|ml|g|iu)")
MEDICINE_STARTS = frozenset({"start", "begin", "take", "prescribe", "try", "restart", "resume", "put", "keep", "give",
                             "add"})  # "they're adding bisoprolol"
# Verbs that hand a medicine to the one named before it: "gave me sumatriptan", "prescribed her naproxen"
GIVING_VERBS = frozenset({"give", "prescribe"})
# Verbs "on" a medicine hangs on when someone takes it: "been on", "put me on", "started him on", "stay on".
ON_MEDICINE_VERBS = MEDICINE_STARTS | frozenset({"be", "stay", "go", "get", "remain", "come"})
SWITCH_VERBS = frozenset({"switch", "change", "move", "swap"})
MEDICINE_STOPS = frozenset({"stop", "quit", "finish", "drop", "ditch", "discontinue"})
DOSE_CHANGES = frozenset({"up", "increase", "raise", "lower", "reduce", "double", "halve", "bump", "adjust", "cut",
                          "decrease"})
# Words between the medicine and the word that says what happens to it: "off the propranolol", "on Lena's
# propranolol", "upped her dose of ..."
MEDICINE_DETERMINERS = DETERMINERS | frozenset({"'s", "’s", "dose", "of"})


def _the_pill(context: _Context, i: int) -> bool:
    """"On the pill", "came off the pill": the contraceptive, a medicine taken; not "a pill" or "the pill bottle"."""
    doc = context.doc
    if doc.tokens[i].lower != "pill" or i == 0 or doc.tokens[i - 1].lower != "the":
        return False
    parent = _parent(context, i)
    return parent is not None and parent[1] != "compound"


def _medicine_name(context: _Context, i: int) -> str:
    """The name of the medicine said at ``i``, "" where none: a medicine by name ("sertraline", "-statin"), a
    vitamin by its letter ("vitamin D" -> ``vitamin d``, at "vitamin"), or any other name said with its dose, as
    brands and supplements are ("clenil, 2 puffs", "Fostair 2 puffs twice a day"), and one switched from or to
    such a medicine ("from clenil to fostair, 2 puffs")."""
    doc = context.doc
    word = doc.tokens[i].lower
    if is_medicine(word):
        return word
    # the tokenizer keeps a full stop on a letter at a sentence's end: "I quit the vitamin C."
    if word == "vitamin" and i + 1 < len(doc) and VITAMIN_LETTERS.fullmatch(letter := doc.tokens[i + 1].lower.rstrip(".")):
        return f"vitamin {letter}"
    if _named_with_a_dose(context, i) or _changed_to_a_dose(context, i) or _named_by_its_form(context, i):
        return word
    switched = (1 <= i < len(doc) - 2 and doc.tokens[i - 1].lower == "from" and doc.tokens[i + 1].lower == "to"
                and _named_with_a_dose(context, i + 2)) or (
        i >= 3 and doc.tokens[i - 1].lower == "to" and doc.tokens[i - 3].lower == "from"
        and (is_medicine(doc.tokens[i - 2].lower) or _named_with_a_dose(context, i - 2)))
    return word if switched and _could_name_a_medicine(context, i) else ""


def _named_with_a_dose(context: _Context, i: int) -> bool:
    """A name the tagger takes for a noun, followed by a dose, maybe after a comma: "clenil, 2 puffs", "fostair
    100mcg"; not "mum, 2 tablets", "the morning, 2 puffs", "Leeds, 2 tablets" nor "my inhaler, 2 puffs"."""
    doc = context.doc
    if not _could_name_a_medicine(context, i):
        return False
    j = i + 2 if i + 1 < len(doc) and doc.tokens[i + 1].lower == "," else i + 1
    if j >= len(doc) or doc.tokens[j].sent != doc.tokens[i].sent:
        return False
    after = j + (1 if DOSE.fullmatch(doc.tokens[j].lower) else 2)
    # "Tesco, 2 tablets of soap": a count of something named after it
    return bool(_dose_at(context, j)) and not (after < len(doc) and doc.tokens[after].lower == "of")


# What a medicine is taken as, said after its name: "the calcium tablets", "iron capsules"
DOSE_FORMS = frozenset({"tablet", "tablets", "capsule", "capsules", "pill", "pills"})


def _named_by_its_form(context: _Context, i: int) -> bool:
    """A common noun that names the tablets or capsules after it: "they've stopped the calcium tablets", "she's on
    iron tablets"; not a brand of device ("her Samsung tablet": a proper name) nor "water tablets" ("dishwasher
    tablets") of :data:`NOT_MEDICINE_NAMES`."""
    doc = context.doc
    if i + 1 >= len(doc) or doc.tokens[i + 1].lower not in DOSE_FORMS or doc.tokens[i].pos != "NOUN":
        return False
    return _parent(context, i) == (i + 1, "compound") and _could_name_a_medicine(context, i)


def _changed_to_a_dose(context: _Context, i: int) -> bool:
    """A name whose dose is changed to a new one: "upped my magnesium to 400mg", "lowered the relvar to 1 puff"."""
    doc = context.doc
    if not _could_name_a_medicine(context, i) or i + 2 >= len(doc) or doc.tokens[i + 1].lower != "to":
        return False
    before = _word_before_medicine(context, i)[0]
    return before >= 0 and _lemma(context, before) in DOSE_CHANGES and bool(_dose_at(context, i + 2))


def _could_name_a_medicine(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    # a brand is often taken for a proper name, even a place's ("to Symbicort, 1 puff"), but not a person's
    return (token.pos in ("NOUN", "PROPN") and token.lower.isalpha() and len(token.lower) > 2
            and token.lower not in NOT_MEDICINE_NAMES | PERSONAL_PRONOUNS and token.ent not in ("PERSON", "DATE", "TIME")
            and not _is_self_token(context, i) and not _is_time(context, i) and token.lower not in known_places()
            and _lemma(context, i) not in MEASURE_UNITS | PERIOD_NOUNS | CONDITIONS | KIN_NOUNS)


def _names_a_medicine(context: _Context, noun: int) -> bool:
    """The noun is a medicine's name or its last word ("stopped the vitamin D": a supplement, no pastime)."""
    return bool(_medicine_name(context, noun)) or (noun > 0 and _medicine_name(context, noun - 1).endswith(
        f" {context.doc.tokens[noun].lower.rstrip('.')}")) or (
        # "stopped the calcium tablets": the tablets of a medicine
        context.doc.tokens[noun].lower in DOSE_FORMS and noun > 0 and bool(_medicine_name(context, noun - 1)))


def medication(context: _Context, i: int) -> list[SlotValue]:
    """What a person takes of a medicine, one value at a time: its dose ("put me on propranolol 40mg", "I've been
    on 20mg of citalopram" -> ``self.medication[...] = 40 mg``, "upped my propranolol to 80mg"), ``yes`` where no
    dose is said ("I'm on amoxicillin"), ``none`` once stopped ("stopped the amoxicillin", "fully off the
    propranolol now", "switched from atorvastatin to rosuvastatin" for the first). The parse often mistakes a
    medicine's name (a verb after "to", a proper noun), so what happens to it is read from the word before it,
    past determiners, owners and a dose, and from the verbs of its sentence: "on" only after a verb of being or
    putting on ("allergic to penicillin", "a documentary on Ozempic" are no medication), "to" only after a change
    of dose or a switch, and a past "was on" tells nothing of now."""
    doc = context.doc
    drug = _medicine_name(context, i) or ("pill" if _the_pill(context, i) else "")
    if not drug:
        return _dose_of_the_medicine_named_before(context, i)
    before, dose_before = _word_before_medicine(context, i)
    given = _giving_verb(context, i)
    if given is not None:
        before = given  # "gave me sumatriptan 50mg", "gave my mum naproxen": what happens to it is the giving
    listed_after = _medicine_listed_before(context, i, before)
    if listed_after is not None:
        # "I take metformin 500mg and ramipril 5mg": what happens to the first medicine happens to the list
        before = _word_before_medicine(context, listed_after)[0]
    word = doc.tokens[before].lower if before >= 0 else ""
    verbs = [t.i for t in doc.tokens if t.sent == doc.tokens[i].sent and t.pos in ("VERB", "AUX")]
    lemmas = {_lemma(context, v) for v in verbs}
    predicate = _medicine_predicate(context, i, before, verbs)
    on_head = _on_whose_verb(context, before) if word == "on" else None
    if on_head is not None and (_lemma(context, on_head[0]) not in ON_MEDICINE_VERBS or _was(context, on_head[0])):
        return []
    started = before >= 0 and _lemma(context, before) in MEDICINE_STARTS
    if started and _under_a_stop(context, before):
        return [_medicine_slot(context, predicate, NONE_VALUE, drug, i)]
    if _given_up(context, before):
        return [_medicine_slot(context, predicate, NONE_VALUE, drug, i)]
    if word == "off" or (word == "from" and lemmas & SWITCH_VERBS) or (before >= 0 and _lemma(context, before) in MEDICINE_STOPS):
        value = NONE_VALUE
    elif word == "on" or started or (word == "to" and lemmas & (DOSE_CHANGES | SWITCH_VERBS)):
        value = _dose(context, i) or dose_before or "yes"
    elif (before >= 0 and _lemma(context, before) in DOSE_CHANGES) or _lemma(context, predicate) in DOSE_CHANGES:
        # "the GP reduced her quetiapine": still taken, at a dose not said
        changed = before if before >= 0 and _lemma(context, before) in DOSE_CHANGES else predicate
        value = _dose(context, i) or dose_before or ("yes" if _a_change_done(context, changed) else "")
    elif _gone_up_or_down(context, predicate, i):
        value = _dose(context, i)
    elif _said_with_its_dose_alone(context, i):
        value = _dose(context, i)  # "noted: clenil, 2 puffs morning and night"
    else:
        value = ""
    if not value:
        return []
    return [_medicine_slot(context, predicate, value, drug, i)]


def _medicine_slot(context: _Context, predicate: int, value: str, drug: str, i: int) -> SlotValue:
    """The medication slot of the medicine at ``i``: whose it is (:func:`_taker_said`), the speaker's by default
    but then ``unowned`` ("the consultant increased memantine to 20mg" is of the one whose memantine the
    conversation told of: ``named_for_whom`` in the links' rules). A change arranged for a day ahead is decided,
    no plan ("the donepezil's going up to 10mg from next Monday"), unless hedged or wished ("might go up")."""
    said = _taker_said(context, i, predicate)
    slot = _slot(context, predicate, "medication", value, drug, i, subject=said or SELF)
    return replace(slot, unowned=said is None, future=slot.future and not _a_change_arranged(context, predicate))


def _a_change_arranged(context: _Context, verb: int) -> bool:
    """A present progressive with a day ahead, which no modal hedges and no wish governs: "the donepezil's going up
    to 10mg from next Monday", "they're stopping the aspirin from tomorrow"; not "I hope they're stopping it"."""
    if not arranged(context.doc, verb) or any(context.doc.tokens[a].tag == "MD" for a in _children(context, verb, "aux")):
        return False
    up = _parent(context, verb)
    return up is None or up[1] not in ("xcomp", "ccomp", "pcomp", "acomp") or _lemma(context, up[0]) not in AHEAD_GOVERNORS


def _on_whose_verb(context: _Context, on: int) -> tuple[int, str] | None:
    """What "on" a medicine hangs on, through "back" ("she's back on warfarin": the "be")."""
    up = _parent(context, on)
    if up is not None and context.doc.tokens[up[0]].lower in ("back", "straight") and _parent(context, up[0]):
        return _parent(context, up[0])
    return up


def _a_change_done(context: _Context, verb: int) -> bool:
    """A verb of changing a dose that tells it done, not asked or wished: "reduced her quetiapine", not "can they
    reduce the quetiapine"."""
    return context.doc.tokens[verb].tag in ("VBD", "VBN") and not _looks_ahead(context, verb)


# Courses one studies for: "doing a PhD", "started my nursing degree", "dropped out of my masters". The short
# letters are degrees only in capitals ("an MA in history"; "my ma" is a mother).
# Not "course": a first aid course is taken beside a degree, and a slot holds one value.
STUDY_NOUNS = frozenset(
    "degree phd dphil doctorate masters master's msc mres mphil mba bsc llb pgce diploma apprenticeship".split()
)
CAPITAL_DEGREES = frozenset({"MA", "BA"})
# Places of study left or dropped out of: "dropped out of uni", "I left college"; with an article, a building.
STUDY_PLACES = frozenset({"uni", "university", "college"})
STUDY_STARTS = frozenset({"do", "start", "begin", "take", "pursue", "study"})
# Subjects read at university and seldom anything else, by their last word ("computer science", "mechanical
# engineering"): what one switches or transfers to ("he transferred to maths"), where "switched to decaf" is no
# course. A subject that is as often a department, a language or a pastime ("moved to marketing", "switched to
# English", "switched to music on the radio") is one only switched to from another subject ("from history to law").
ACADEMIC_SUBJECTS = frozenset(
    """law medicine history maths math mathematics physics chemistry biology economics science engineering nursing
    psychology philosophy linguistics architecture geography sociology politics classics dentistry pharmacy
    anthropology theology neuroscience biochemistry statistics sci""".split()
)  # "sci": the clipped "comp sci", "poli sci"
SUBJECTS_OF_OTHER_SENSES = frozenset(
    """english french spanish german italian literature accounting accountancy business finance management marketing
    music art arts design journalism education midwifery physiotherapy""".split()
)
# Verbs of changing course: "I switched to computer science", "he transferred to maths in February".
STUDY_SWITCHES = frozenset({"switch", "transfer", "change"})
STUDY_ENDS = frozenset({"finish", "complete", "quit", "leave", "drop", "abandon"})
# Verbs of joining a course by its name ("I enrolled on an MA in history", "she's enrolling in a nursing degree").
STUDY_ENROLMENTS = frozenset({"enrol", "enroll", "register"})
# Nouns of a course named by its subject ("the chemistry course", "a history programme").
COURSE_NOUNS = frozenset({"course", "programme", "program"})


def study(context: _Context, i: int) -> list[SlotValue]:
    """What a person studies for, one course at a time (``study = <course>``), and ``none`` once it is over: "I'm
    doing a PhD in chemistry" (``phd``), "I started my nursing degree", "I'm studying law at King's", "I'm a law
    student" (``law``); "I graduated in July", "I finished my degree", "I dropped out of uni", "I've quit my
    masters" end it. A course done in the past ("I did my PhD at Leeds") says nothing of now; a course's plan
    ("I'm going to start a masters") is a plan, as for every slot."""
    doc, token = context.doc, context.doc.tokens[i]
    lemma = _lemma(context, i)
    if token.pos == "VERB" and lemma == "graduate" and _said_of_a_person(context, i) and not _studying_on(context):
        left = [o for _, o in _prep_objects(context, i, ("from",))]
        if any(not (_of_study(context, o) or context.doc.tokens[o].ent in ("ORG", "GPE", "FAC")) for o in left):
            return []  # "graduated from rehab", "from nursery": no course
        return [_slot(context, i, "study", NONE_VALUE, "")]
    if token.pos == "VERB" and lemma == "drop":
        outs = [o for o in _children(context, i, "prt", "prep") if doc.tokens[o].lower == "out"]
        left = [o for _, o in _prep_objects(context, i, ("of",)) + [p for k in outs for p in _prep_objects(context, k, ("of",))]]
        return [_slot(context, i, "study", NONE_VALUE, "", left[0])] if outs and left and _a_course_left(context, left[0]) and _said_of_a_person(context, i) else []
    if token.pos == "VERB" and lemma == "withdraw" and _said_of_a_person(context, i):
        # "I'm withdrawing from chemistry", "she withdrew from her masters"; not "withdrew from the race"
        left = [o for _, o in _prep_objects(context, i, ("from",)) if _a_course_left(context, o)]
        if not left:
            return []
        found = _slot(context, i, "study", NONE_VALUE, "", left[0])
        # "withdrawing at the end of the month": the course is left on that day, a plan until then
        return [replace(found, future=True) if _starting_on_a_day_ahead(context, i) else found]
    if token.pos == "VERB" and lemma in STUDY_ENROLMENTS and _said_of_a_person(context, i) and not _children(context, i, "dobj"):
        # "I enrolled on the part time MA in history"; not "registered for the June exam", nor "enrolled my son in"
        objects = [o for _, o in _prep_objects(context, i, ("on", "onto", "in", "for"))]
        joined = [c for o in objects for c in (o, *_children(context, o, "appos")) if _a_course(context, c)]
        return [_slot(context, i, "study", _value(context, joined[0]), "", joined[0])] if joined else []
    if _a_course(context, i):
        up = _parent(context, i)
        if up is not None and up[1] == "appos":
            up = _parent(context, up[0])  # "a part time MA": the parse hangs the course beside "time", the object
        if up is not None and up[1] == "nsubj" and _lemma(context, up[0]) in ("start", "begin") and not _negated(context, up[0]):
            # "my MSc starts 14 September", "her masters began last week": the course is the owner's, from that day
            found = _slot(context, up[0], "study", _value(context, i), "", i, subject=_owner(context, i))
            return [replace(found, future=True) if _starting_on_a_day_ahead(context, up[0]) else found]
        if up is None or up[1] != "dobj" or doc.tokens[up[0]].pos not in ("VERB", "AUX"):
            return []
        verb = _lemma(context, up[0])
        if verb in STUDY_ENDS and _said_of_a_person(context, up[0]):
            return [_slot(context, up[0], "study", NONE_VALUE, "", i)]
        if verb in STUDY_STARTS and not (verb == "do" and doc.tokens[up[0]].tag == "VBD"):
            return [_slot(context, up[0], "study", _value(context, i), "", i)]
        return []
    if token.lower in STUDY_PLACES and _of_study(context, i):
        up = _parent(context, i)
        left = up is not None and up[1] == "dobj" and _lemma(context, up[0]) in ("quit", "leave")
        if left and (_for_a_purpose(context, up[0]) or any(_is_time(context, k) for k in subtree(doc, up[0]))):
            return []  # "leaving uni for the summer", "left college at 5pm": a day's or a term's leaving
        return [_slot(context, up[0], "study", NONE_VALUE, "", i)] if left and _said_of_a_person(context, up[0]) else []
    if token.pos == "VERB" and lemma == "study" and doc.tokens[i].tag in ("VBG", "VBP", "VBZ"):
        # not "studying 20 hours a week", nor a language learnt beside whatever course ("studying French on Duolingo")
        fields = [o for o in _children(context, i, "dobj") if not _children(context, o, "det", "poss", "nummod")
                  and _lemma(context, o) not in MEASURE_UNITS | PERIOD_NOUNS
                  and context.doc.tokens[o].ent not in ("LANGUAGE", "NORP")]
        return [_slot(context, i, "study", _value(context, fields[0]), "", fields[0])] if fields else []
    if token.pos == "VERB" and lemma in STUDY_SWITCHES and _said_of_a_person(context, i):
        # "I switched from history to law": the course switched to; "switched to decaf" names no subject
        subjects = ACADEMIC_SUBJECTS | SUBJECTS_OF_OTHER_SENSES
        left = [o for _, o in _prep_objects(context, i, ("from",))]
        switched_from = any(_named_in(context, o, subjects) for o in left)
        # the parse may hang "to law" on "from history"
        to = [o for head in (i, *left) for _, o in _prep_objects(context, head, ("to",))
              if _named_in(context, o, ACADEMIC_SUBJECTS if not switched_from else subjects)]
        return [_slot(context, i, "study", _value(context, to[0]), "", to[0])] if to else []
    if token.pos == "NOUN" and lemma == "student":
        up = _parent(context, i)
        if up and up[1] == "attr" and _lemma(context, up[0]) == "be" and _of_a_person(context, up[0]):
            # "a law student", "a PhD student"; not "a mature", "part-time" or "second year student"
            field = [c for c in _children(context, i, "compound") if _lemma(context, c) not in RANKS | PERIOD_NOUNS
                     and context.doc.tokens[c].pos in ("NOUN", "PROPN")]
            return [_slot(context, up[0], "study", _value(context, field[0]) if field else "yes", "", i)]
    return []


def _named_in(context: _Context, i: int, words: frozenset[str]) -> bool:
    """Token ``i``, as written or by its lemma, is one of ``words`` ("economics", whose lemma is "economic")."""
    return context.doc.tokens[i].lower in words or _lemma(context, i) in words


def _a_course(context: _Context, i: int) -> bool:
    token = context.doc.tokens[i]
    # the tokenizer keeps a full stop on an abbreviation at a sentence's end: "I'm doing a PhD."
    return token.pos in ("NOUN", "PROPN") and (token.lower.rstrip(".") in STUDY_NOUNS or token.text.rstrip(".") in CAPITAL_DEGREES)


def _a_course_left(context: _Context, i: int) -> bool:
    """What one drops out of or withdraws from as a course: a course, a place of study ("uni"), a subject one reads
    ("dropped out of chemistry") or a course named by it ("the chemistry course"); not "the race", "the deal"."""
    if _of_study(context, i) or _named_in(context, i, ACADEMIC_SUBJECTS):
        return True
    return _lemma(context, i) in COURSE_NOUNS and any(_named_in(context, c, ACADEMIC_SUBJECTS) for c in _children(context, i, "compound"))


def _of_study(context: _Context, i: int) -> bool:
    """A course, or a place of study said as the institution, not a building: "uni", "my college", not "the
    university" (left at 5pm)."""
    token = context.doc.tokens[i]
    return _a_course(context, i) or (token.lower in STUDY_PLACES and not _children(context, i, "det"))


def _studying_on(context: _Context) -> bool:
    """The memory tells of a course under way beside a graduation ("I graduated in 2019 and now I'm doing a
    masters"): the course is the state, the graduation a past event."""
    return any(
        _a_course(context, t.i) and (up := _parent(context, t.i)) is not None and up[1] == "dobj"
        and _lemma(context, up[0]) in STUDY_STARTS and context.doc.tokens[up[0]].tag in ("VBG", "VBP", "VBZ")
        for t in context.doc.tokens
    )


LIST_JOINERS = frozenset({"and", ",", "&", "plus"})


def _medicine_listed_before(context: _Context, i: int, before: int) -> int | None:
    """The medicine of the same sentence that the one at ``i`` is listed after ("metformin 500mg and ramipril"),
    when only a joining word stands before it; None otherwise."""
    doc = context.doc
    if before < 0 or doc.tokens[before].lower not in LIST_JOINERS:
        return None
    if any(arc.label in ("nsubj", "nsubjpass") and _agrees(context, i, arc.head) for arc in doc.parents(i)):
        return None  # "I came off sertraline and citalopram is working": a clause of its own
    earlier = [t.i for t in doc.tokens[:before] if t.sent == doc.tokens[i].sent and _medicine_name(context, t.i)]
    return earlier[-1] if earlier else None


def _agrees(context: _Context, subject: int, verb: int) -> bool:
    """The verb could have the word at ``subject`` as its subject: a singular noun takes no plain present or bare
    verb, so in "I'm on sertraline and the pill so remind me" the pill is listed, not the one who reminds (the
    parse's subject); "citalopram is working", "citalopram helps", "citalopram was stopped" agree."""
    doc = context.doc
    if doc.tokens[subject].tag not in ("NN", "NNP"):
        return True
    auxiliaries = _children(context, verb, "aux", "auxpass")
    finite = doc.tokens[auxiliaries[0]] if auxiliaries else doc.tokens[verb]
    return finite.tag not in ("VBP", "VB")


def _under_a_stop(context: _Context, verb: int) -> bool:
    """The verb of taking is what a verb of stopping stops ("I stopped taking the naproxen", "quit taking it", "gave
    up taking the sertraline")."""
    up = _parent(context, verb)
    return up is not None and up[1] in ("xcomp", "ccomp", "pcomp") and (
        _lemma(context, up[0]) in MEDICINE_STOPS or _gives_up(context, up[0]))


def _given_up(context: _Context, before: int) -> bool:
    """The word that says what happens to the medicine is a giving up, or its "up" or "on": "I gave up the
    cyclizine", "gave up on the metformin" stop it. Giving is otherwise a start ("gave me sumatriptan"), and the
    "up" a change of dose ("upped my propranolol"), so both had read the medicine as taken."""
    if before < 0:
        return False
    head = _parent(context, before) if context.doc.tokens[before].lower in ("up", "on") else None
    verb = head[0] if head is not None and head[1] in ("prt", "prep") else before
    return _gives_up(context, verb) and not _almost(context, verb)


def _gives_up(context: _Context, verb: int) -> bool:
    """The verb is "give" with the particle "up"."""
    return _lemma(context, verb) == "give" and any(context.doc.tokens[k].lower == "up" for k in _children(context, verb, "prt"))


def _was(context: _Context, verb: int) -> bool:
    """A simple past "was/were": "I was on citalopram for a year" says nothing of now."""
    return _lemma(context, verb) == "be" and context.doc.tokens[verb].tag == "VBD"


def _word_before_medicine(context: _Context, i: int) -> tuple[int, str]:
    """The index of the word that says what happens to the medicine at ``i``, stepping back past determiners,
    owners and a dose said before it ("on 20mg of citalopram"), and that dose ("" when none)."""
    doc, before, dose = context.doc, i - 1, ""
    while before >= 0:
        token = doc.tokens[before]
        joined = DOSE.fullmatch(token.lower)
        if joined:
            dose = _dose_text(joined[1], joined[2])
        elif token.lower in DOSE_UNITS and before > 0 and NUMBER.fullmatch(doc.tokens[before - 1].lower):
            dose = _dose_text(doc.tokens[before - 1].text, token.lower)
            before -= 1
        elif token.text == "," and before > 0 and doc.tokens[before - 1].lower in MEDICINE_KINDS:
            before -= 1  # "on a preventer, clenil": the kind of medicine said first, then its name
        elif not (token.lower in MEDICINE_DETERMINERS or token.pos in ("PROPN", "ADJ")):
            break  # past a word that describes it: "a new tablet, bisoprolol", "on regular paracetamol"
        before -= 1
    return before, dose


# What kind of medicine a name is said after, with a comma: "I'm on a preventer, clenil, 2 puffs", "an inhaler,
# ventolin"
MEDICINE_KINDS = frozenset({"preventer", "reliever", "inhaler", "antibiotic", "antibiotics", "painkiller",
                            "painkillers", "antidepressant", "statin", "steroid", "steroids", "medication", "medicine",
                            "tablet", "tablets", "pill", "pills"})  # "they're adding a new tablet, bisoprolol"


def _a_dose_taken_for_a_verb(context: _Context, i: int) -> bool:
    """A dose's unit after its number, which the tagger takes for a verb with the number its subject: "2 puffs
    twice a day" is a dose (`medication`), not someone who puffs."""
    doc = context.doc
    return doc.tokens[i].lower in DOSE_UNITS and i > 0 and NUMBER.fullmatch(doc.tokens[i - 1].lower) is not None


def _dose_of_the_medicine_named_before(context: _Context, i: int) -> list[SlotValue]:
    """A dose in a sentence that names no medicine, of the one medicine an earlier sentence named: "the sertraline
    needs looking at. I'm on 50mg at the moment", "Mum's on amlodipine. They upped it to 10mg last week". Taken
    "on" after a verb of being on it, or changed "to" it; a dose "of" something names what it is of."""
    doc = context.doc
    dose = _dose_at(context, i)  # a medicine's own units: "the baby is on 120ml" is no dose of the sertraline before
    sentence = doc.tokens[i].sent
    if not dose or any(t.sent == sentence and _medicine_name(context, t.i) for t in doc.tokens):
        return []
    if i + 2 < len(doc) and doc.tokens[i + (1 if DOSE.fullmatch(doc.tokens[i].lower) else 2)].lower == "of":
        return []  # "I'm on 50mg of something new"
    named = [t.i for t in doc.tokens if t.sent < sentence and _medicine_name(context, t.i)]
    if not named or len({_medicine_name(context, k) for k in named}) > 1:
        return []  # none named, or which of two is meant is not said
    word = doc.tokens[i - 1].lower if i > 0 else ""
    verbs = [t.i for t in doc.tokens if t.sent == sentence and t.pos in ("VERB", "AUX")]
    predicate = _medicine_predicate(context, i, i - 1, verbs)
    # whose the medicine named before is, as its own sentence reads it ("the sertraline needs looking at": no one's)
    takers = {slot.subject for slot in medication(context, named[-1])}
    if word == "on":
        on_head = _parent(context, i - 1)
        if on_head is None or _lemma(context, on_head[0]) not in ON_MEDICINE_VERBS or _was(context, on_head[0]):
            return []
        subject = _taker(context, i, on_head[0])
        if takers and takers != {subject}:
            return []  # "I take ibuprofen. The dog is on 2 tablets a day": the dog's tablets, not said which
    elif word == "to" and any(_lemma(context, v) in DOSE_CHANGES for v in verbs) and len(takers) <= 1:
        # "My mum is on amlodipine. They upped it to 10mg": Mum's; where no one is read as taking it, the earlier
        # sentence's own taker, unless it names another who may ("Mum's on amlodipine. They upped it to 10mg")
        earlier = named[-1]
        if takers:
            subject = takers.pop()
        elif any(_another_person_named(context, t.i) for t in doc.tokens if t.sent == doc.tokens[earlier].sent):
            return []
        else:
            earlier_verbs = [t.i for t in doc.tokens if t.sent == doc.tokens[earlier].sent and t.pos in ("VERB", "AUX")]
            subject = _taker(context, earlier, _medicine_predicate(context, earlier, earlier - 1, earlier_verbs))
    else:
        return []
    return [_slot(context, predicate, "medication", dose, _medicine_name(context, named[-1]), i, subject=subject)]


def _another_person_named(context: _Context, k: int) -> bool:
    """Token ``k`` names someone other than the speaker: a person's name, a relative, a person by a noun."""
    token = context.doc.tokens[k]
    return not _is_self_token(context, k) and (
        token.ent == "PERSON" or _lemma(context, k) in KIN_NOUNS | PEOPLE_NOUNS or token.lower in ("he", "she", "they"))


def _dose_at(context: _Context, i: int, units: frozenset[str] = MEDICINE_ONLY_UNITS) -> str:
    """The dose said at ``i`` ("50mg", "2 puffs") in one of ``units``; "" where none."""
    doc = context.doc
    joined = DOSE.fullmatch(doc.tokens[i].lower)
    if joined:
        return _dose_text(joined[1], joined[2]) if joined[2] in units else ""
    unit = doc.tokens[i + 1].lower if i + 1 < len(doc) else ""
    return _dose_text(doc.tokens[i].text, unit) if NUMBER.fullmatch(doc.tokens[i].lower) and unit in units else ""


def _said_with_its_dose_alone(context: _Context, i: int) -> bool:
    """A medicine said with its dose in a sentence with no verb, or none but what noted it: "clenil, 2 puffs
    morning and night", "noted: sertraline 50mg"; not "does sertraline 50mg make you tired?"."""
    doc = context.doc
    if not _named_with_a_dose(context, i) and not is_medicine(doc.tokens[i].lower):
        return False
    verbs = [t.i for t in doc.tokens if t.sent == doc.tokens[i].sent and t.pos in ("VERB", "AUX") and t.i != i
             and not _a_dose_taken_for_a_verb(context, t.i)]
    return all(_lemma(context, v) in FRAME_VERBS for v in verbs)


def _gone_up_or_down(context: _Context, verb: int, i: int) -> bool:
    """"My citalopram went up to 20mg", "mum's amlodipine went back down to 5mg": the medicine is the subject of a
    going up or down, to its new dose."""
    if _lemma(context, verb) not in ("go", "come") or i not in _children(context, verb, "nsubj"):
        return False
    # right after the verb, as said ("back down"): the parser as often reads "up to 20mg" as a quantity
    return any(t.lower in ("up", "down") for t in context.doc.tokens[verb + 1 : verb + 3])


def _medicine_predicate(context: _Context, i: int, before: int, verbs: list[int]) -> int:
    """The verb the medicine's fate hangs on: the one it is subject or object of ("the topiramate has been
    increased", "stopped the amoxicillin"), else the nearest verb before it ("is on amoxicillin"), else after it,
    else the medicine itself in a verbless sentence. Auxiliaries of another verb are not candidates."""
    for arc in context.doc.parents(i):
        if arc.label in ("nsubj", "nsubjpass", "dobj") and context.doc.tokens[arc.head].pos in ("VERB", "AUX"):
            return arc.head
    main = [v for v in verbs if not any(a.label in ("aux", "auxpass") for a in context.doc.parents(v))]
    earlier = [v for v in main if v < i]
    if earlier:
        return earlier[-1]
    later = [v for v in main if v > i]
    return later[0] if later else (before if before >= 0 else i)


def _dose(context: _Context, i: int) -> str:
    """The first amount with a dose unit after the medicine in its sentence: "40 mg"."""
    doc = context.doc
    for j in range(i + 1, min(len(doc), i + 8)):
        if doc.tokens[j].sent != doc.tokens[i].sent or _medicine_name(context, j):
            break
        joined = DOSE.fullmatch(doc.tokens[j].lower)  # the tokenizer keeps "40mg" whole
        if joined:
            return _dose_text(joined[1], joined[2])
        unit = doc.tokens[j + 1].lower if j + 1 < len(doc) else ""
        if NUMBER.fullmatch(doc.tokens[j].lower) and unit in DOSE_UNITS:
            return _dose_text(doc.tokens[j].text, unit)
    return ""


def _dose_text(number: str, unit: str) -> str:
    return f"{number} {DOSE_UNIT_NAMES.get(unit, unit)}"


def _giving_verb(context: _Context, i: int) -> int | None:
    """The verb of giving the medicine at ``i`` is the object of ("the GP gave me sumatriptan"), if any."""
    up = _parent(context, i)
    return up[0] if up is not None and up[1] == "dobj" and _lemma(context, up[0]) in GIVING_VERBS else None


def _given_to(context: _Context, i: int, verb: int) -> int | None:
    """Whom a medicine was given: the verb's indirect object ("gave him morphine"), or a person the parse hangs
    on the medicine's name ("gave Tom codeine", "gave my mum naproxen")."""
    people = _children(context, verb, "dative") + [c for c in _children(context, i, "compound") if _is_person(context, c)]
    return people[0] if people else None


def _taker(context: _Context, i: int, predicate: int) -> str:
    """Who takes it (:func:`_taker_said`), else the speaker."""
    return _taker_said(context, i, predicate) or SELF


def _taker_said(context: _Context, i: int, predicate: int) -> str | None:
    """Who takes it: the medicine's owner ("Lena's propranolol", "my dose of sertraline"), the one a verb put on
    or took off it ("put Lena on", "switched Daniel from"), a subject that is someone ("I stopped the
    amoxicillin", "my dog is on gabapentin"); never the one who decides it (:func:`_decides_it`): "the GP upped
    her amlodipine" is hers, "they're keeping him on the same tablets but stopping the aspirin" his, and a "he" or
    "her" is never taken to mean the doctor the sentence names. None where no one is said ("the consultant
    increased memantine to 20mg", "the topiramate has been increased"): the speaker's only by default."""
    given = _giving_verb(context, i)
    recipient = _given_to(context, i, given) if given is not None else None
    if recipient is not None:
        return _patient_key(context, recipient)
    up = _parent(context, i)
    of_noun = _parent(context, up[0]) if up and up[1] == "pobj" and context.doc.tokens[up[0]].lower == "of" else None
    owners = _children(context, i, "poss") or (_children(context, of_noun[0], "poss") if of_noun else [])
    if owners:
        return _patient_key(context, owners[0])
    for arc in context.doc.children(predicate):
        if arc.label == "dobj" and arc.dep != i and _is_person(context, arc.dep):
            return _patient_key(context, arc.dep)
    k, seen = predicate, set()
    # the parse may hang the verb on its "be" ("Tom was prescribed naproxen": prescribed modifies naproxen)
    while k is not None and k not in seen:
        seen.add(k)
        subjects = [s for s in _children(context, k, "nsubj", "nsubjpass") if s != i]
        if subjects and _decides_it(context, subjects[0], predicate):
            # "... for my mum": the one it is for; "keeping him on X but stopping Y": the one the decider's verb is of
            meant = [o for _, o in _prep_objects(context, predicate, ("for", "to")) if _is_person(context, o)] or [
                o for o in _children(context, k, "dobj") if o != i and _is_person(context, o)]
            return _patient_key(context, meant[0]) if meant else None
        if subjects:
            return _patient_key(context, subjects[0]) if _is_person(context, subjects[0]) else None
        up = _parent(context, k)
        k = up[0] if up else None
    return None


def _decides_it(context: _Context, subject: int, predicate: int) -> bool:
    """The subject decides the medicine for someone else: a clinician or the "they" of a clinic who starts, stops or
    changes it ("the GP has stopped the sertraline", "they're adding bisoprolol", "the staff stopped the
    quetiapine"), or a "he"/"she" who prescribes or changes a dose in a turn about a consultation ("she upped my
    propranolol"), who takes none of it. "She stopped the sertraline" is hers, and so is what a passive's subject
    was given or put on ("she's been given a new tablet, metformin", "he was put on amlodipine"): the one it is done to."""
    up = _parent(context, subject)
    if up is not None and up[1] == "nsubjpass" and not _has_read_as_is(context, predicate):
        return False
    lemma, word = _lemma(context, predicate), context.doc.tokens[subject].lower
    if word in ("he", "she"):
        return lemma in PRESCRIBING
    return lemma in PRESCRIBING | DECIDING and (word == "they" or _a_clinician(context, subject))


def _has_read_as_is(context: _Context, verb: int) -> bool:
    """A change of dose after a contracted "has" the parse took for a passive's "is": "she's upped the sertraline
    to 100mg", "he's reduced the quetiapine" (a dose changed is never the object of a passive, as a medicine given
    is in "she's been given metformin"), so its subject is the one who changed it."""
    doc = context.doc
    return (_lemma(context, verb) in DOSE_CHANGES and bool(_children(context, verb, "dobj"))
            and any(doc.tokens[a].lower in ("'s", "’s") for a in _children(context, verb, "auxpass")))


def _a_clinician(context: _Context, k: int) -> bool:
    """A doctor, a nurse or the staff by their role ("the GP", "the consultant"), or a name with a doctor's title
    ("Dr Okafor")."""
    if context.doc.tokens[k].lower in CLINICIANS:
        return True
    return any(context.doc.tokens[c].lower.rstrip(".") == "dr" for c in _children(context, k, "compound"))


def _patient_key(context: _Context, k: int) -> str:
    """The subject key of the one who takes it: a "he", "her" or "his" the grounding reads as the clinician the
    memory names is someone else ("the GP upped her amlodipine": not the GP's), so it stays as said."""
    key = _subject_key(context, k)
    token = context.doc.tokens[k]
    if token.lower in THIRD_PERSON | {"his"} and key != token.lemma.lower() and any(
        _a_clinician(context, t.i) and _subject_key(context, t.i) == key for t in context.doc.tokens if t.i != k
    ):
        return token.lemma.lower()
    return key


# Verbs whose subject decides a medicine for someone else: a clinician, or a "he"/"she" in a turn about a
# consultation (:func:`_decides_it`).
PRESCRIBING = DOSE_CHANGES | frozenset({"prescribe", "put", "switch", "change", "give", "recommend"})
# Who decides a medicine for the one in their care, by their role: "the GP has stopped the sertraline", "the staff
# stopped the quetiapine", "the clinic started her on donepezil"
CLINICIANS = frozenset(
    "doc doctor gp consultant specialist psychiatrist nurse pharmacist dr dr. physician surgeon dentist vet "
    "cardiologist doctors nurses staff clinic hospital team surgery ward oncologist neurologist geriatrician "
    "registrar matron cardiology".split())
# Verbs by which such a one starts or stops a medicine for another: "stopped the aspirin", "they're adding a tablet"
DECIDING = MEDICINE_STOPS | frozenset({"start", "restart", "keep", "add"})


def _is_person(context: _Context, k: int) -> bool:
    """Someone who may take a medicine: the speaker, a name, a personal pronoun, a relative, a child or a pet."""
    token = context.doc.tokens[k]
    return (_is_self_token(context, k) or token.ent == "PERSON" or token.pos == "PROPN"
            or token.lower in PERSONAL_PRONOUNS or token.lemma.lower() in KIN_NOUNS)


# Who someone answers to at work: one holder at a time, so a new one replaces the last ("Miguel is my manager now")
BOSS_NOUNS = frozenset({"boss", "manager", "supervisor"})
# A leader who is a boss by the unit of work led: "my team leader", "my shift lead" (a "scout leader", "the
# leader of the youth group" lead no one's work)
LED_AT_WORK = frozenset({"team", "shift", "line", "section", "unit", "ward"})
LEADER_NOUNS = frozenset({"leader", "lead"})
FORMER = frozenset({"old", "former", "ex", "previous", "last", "first"})


def boss(context: _Context, i: int) -> list[SlotValue]:
    """"Miguel is Asha's manager now", "my boss is Karen", "my boss Karen", "we have a new boss, Aisha Khan": the
    owner's boss is that person (``boss = miguel``, by first name). Not a boss that was ("my old boss Karen", "Tom
    was my manager"), a boss of no one ("Karen is a manager": a job), nor one whose name is not said."""
    doc = context.doc
    if doc.tokens[i].pos == "VERB" and _lemma(context, i) == "report":
        return _reporting_to(context, i)
    if doc.tokens[i].pos != "NOUN" or not (_lemma(context, i) in BOSS_NOUNS or _a_leader_at_work(context, i)):
        return []
    if any(_lemma(context, m) in FORMER for m in _children(context, i, "amod", "compound")):
        return []
    owner = _boss_owner(context, i)
    if owner is None or _parent(context, i) is None:
        return []
    return [_slot(context, anchor, "boss", name, "", i, holder, subject=owner)
            for anchor, holder in _named_holders(context, i) if (name := _holder_name(context, holder))]


def _a_leader_at_work(context: _Context, noun: int) -> bool:
    """"my team leader", "my shift lead": a leader of a unit of work (:data:`LED_AT_WORK`) is one's boss, a new one
    replacing the last ("Gaz is my team leader", later "Lorraine is my new team leader")."""
    return _lemma(context, noun) in LEADER_NOUNS and any(
        _lemma(context, c) in LED_AT_WORK for c in _children(context, noun, "compound"))


def _named_holders(context: _Context, noun: int, beside: bool = True) -> list[tuple[int, int]]:
    """(anchor, name) of whom a role noun names: beside it ("my boss Karen", when ``beside``) or across "be" ("my
    boss is Karen", "Karen is my boss")."""
    doc, up = context.doc, _parent(context, noun)
    holders = [(a, a) for a in _children(context, noun, "appos")] or [(noun, k) for k in _name_after(context, noun)]
    holders = holders if beside else []
    # "my boss is Karen"; "my new manager is going to be Hana", "will be Hana": a boss ahead, a plan (the slot's
    # own clause looks ahead), not the boss now
    said_now = doc.tokens[up[0]].tag in ("VBZ", "VBP")
    if up[1] in ("attr", "nsubj") and _lemma(context, up[0]) == "be" and (said_now or _looks_ahead(context, up[0])):
        other = "nsubj" if up[1] == "attr" else "attr"
        holders += [(up[0], h) for h in _children(context, up[0], other)]
        # "the new teacher is Mr Quinn" parsed with two subjects: the one after "is" is what it is
        holders += [(up[0], h) for h in _children(context, up[0], "nsubj") if up[1] == "nsubj" and h > up[0]]
    going = any(doc.tokens[a].tag in ("VBZ", "VBP") for a in _children(context, up[0], "aux"))
    if up[1] == "nsubj" and _lemma(context, up[0]) == "go" and doc.tokens[up[0]].tag == "VBG" and going:
        # the parse hangs the subject on "going": the "be" is its complement ("was going to be" was overtaken)
        holders += [(be, h) for be in _children(context, up[0], "xcomp") if _lemma(context, be) == "be"
                    for h in _children(context, be, "attr")]
    return holders


# What one reports to someone about, which makes "reporting to" telling, not answering to: "I report to Karen
# on the audit", "reported back to Karen about it"
REPORTED_ON = frozenset({"about", "on", "regarding"})


def _reporting_to(context: _Context, verb: int) -> list[SlotValue]:
    """"I report to Karen", "Ana reports to Miguel now", "still reporting to Graham": whom one reports to at work
    is one's boss, the usual way to say it. Not a report made ("I reported the leak to Karen", "report back to
    Karen on the audit"), one reported to in the past ("I reported to Karen for years"), nor what a thing or a
    team does ("the team reports to Karen"). Said ahead ("I'll be reporting to Hana") it is a plan."""
    doc, token = context.doc, context.doc.tokens[verb]
    past = token.tag in ("VBD", "VBN") or any(doc.tokens[a].tag == "VBD" for a in _children(context, verb, "aux"))
    if past or (token.tag == "VB" and not _looks_ahead(context, verb)) or not _of_a_person(context, verb):
        return []
    if _children(context, verb, "dobj") or any(doc.tokens[k].lower == "back" for k in _children(context, verb, "prt", "advmod")):
        return []
    if any(not _is_time_phrase(context, p) for p, _ in _prep_objects(context, verb, REPORTED_ON)):
        return []
    # a name, not a title ("reports to the CEO")
    return [_slot(context, verb, "boss", name, "", prep, obj) for prep, obj in _prep_objects(context, verb, ("to",))
            if not _children(context, obj, "det") and (name := _holder_name(context, obj))]


def _name_after(context: _Context, noun: int) -> list[int]:
    """A person's name right after the noun, which the parse hung elsewhere: "my 1:1 with my manager Dev is ..."
    makes "Dev" the subject, "1:1 with my boss Karen fridays at 2pm" a compound of "fridays"; it is the noun's
    appositive all the same."""
    k = noun + 1
    if k >= len(context.doc):
        return []
    token = context.doc.tokens[k]
    if token.pos != "PROPN" or not token.text[:1].isupper() or token.ent not in ("PERSON", "") or _is_time(context, k) \
            or _is_self_token(context, k) or _children(context, k, "dobj", "nsubj", "dative"):
        return []  # "my manager Slacked me at midnight": a verb the tagger took for a name
    return [k]


def _boss_owner(context: _Context, noun: int) -> str | None:
    """Whose boss (or teacher): the possessor ("my", "Asha's"), or the one who has them ("we have a new boss")."""
    owners = _children(context, noun, "poss")
    if owners:
        return _subject_key(context, owners[0])
    up = _parent(context, noun)
    if up is not None and up[1] == "dobj" and _lemma(context, up[0]) in ("have", "get") and not _negated(context, up[0]):
        return _subject(context, up[0])
    return None


# The offices of a group, each held by one person at a time ("Lorraine is the new chair of the trustees" replaces
# "Graham is the chair of the trustees"), by the name they go by
OFFICES = {"chair": "chair", "chairman": "chair", "chairwoman": "chair", "chairperson": "chair", "treasurer": "treasurer",
           "secretary": "secretary", "president": "president", "captain": "captain", "coordinator": "coordinator",
           "organiser": "organiser", "organizer": "organiser", "convenor": "convenor", "convener": "convenor",
           "leader": "leader", "head": "head"}
# What one runs, leads or takes over as its one holder: a group, a duty or a place of work ("Yusuf runs the
# kitchen", "Bilal has taken over the rota"); "runs the marathon", "manages the pain" hold no office
HELD_THINGS = frozenset(
    "kitchen rota shop club committee group team choir band bar cafe café canteen stall charity ward department league "
    "society association branch unit".split()
)
RUNNING_VERBS = frozenset({"run", "lead", "head", "manage"})
RUNNING = "run"


def office(context: _Context, i: int) -> list[SlotValue]:
    """Who holds an office of a group, the group's ``office[<office>]`` (``trustees.office[chair] = lorraine`` from
    "Lorraine is the new chair of the trustees", "the chair of the trustees is Graham", "Lorraine has taken over as
    chair of the trustees", "the PCC treasurer is Dan", "I'm the treasurer of the temple committee" (``= self``)),
    and who runs a group or a duty, ``office[run]`` ("Yusuf runs the kitchen", "Bilal has taken over the kitchen"):
    one holder at a time, so a new one replaces the last. Only with the group named ("Tom is the chair" may be of
    anything), said now (not "Graham was the chair", "my old captain", "a treasurer", a job), not asked or supposed;
    one ahead ("is taking over as treasurer from January") is a plan."""
    doc = context.doc
    token = doc.tokens[i]
    if token.pos == "VERB":
        return _running(context, i)
    if token.pos != "NOUN" or token.lower not in OFFICES or _parent(context, i) is None:
        return []
    if any(_lemma(context, m) in FORMER for m in _children(context, i, "amod", "compound")) or any(
            doc.tokens[d].lower in ("a", "an") for d in _children(context, i, "det")):
        return []
    if _children(context, i, "poss"):
        return []  # "my team leader" is one's boss, "my scout leader" one's own: no office of a group named
    group = _the_group_of(context, i)
    if group is None:
        return []
    up = _parent(context, i)
    holders = _named_holders(context, i, beside=False)
    if up[1] == "pobj" and doc.tokens[up[0]].lower == "as":
        taken = _parent(context, up[0])  # "has taken over as chair": the one who took over
        if taken is not None and _takes_over(context, taken[0]):
            holders = [(taken[0], h) for h in _children(context, taken[0], "nsubj")]
    return [_slot(context, anchor, "office", value, OFFICES[token.lower], i, holder, subject=group)
            for anchor, holder in holders if not _asked_or_nearly(context, anchor) and not _supposed(context, anchor)
            and (value := _office_holder(context, holder))]


def _the_group_of(context: _Context, office_noun: int) -> str | None:
    """The group an office is of: "of", "at" or "for" it ("chair of the trustees"), or the nouns before the office
    ("the PCC treasurer"); None when no group is named."""
    doc = context.doc
    groups = [obj for _, obj in _prep_objects(context, office_noun, ("of", "at", "for"))]
    if groups:
        return _value(context, groups[0])
    before = [c for c in _children(context, office_noun, "compound") if doc.tokens[c].pos in ("NOUN", "PROPN")]
    return _span_value(context, before) if before else None


def _office_holder(context: _Context, holder: int) -> str | None:
    """Who holds an office: a person by name (:func:`_holder_name`), or the speaker."""
    return SELF if _is_self_token(context, holder) else _holder_name(context, holder)


def _takes_over(context: _Context, verb: int) -> bool:
    """"take over", "took over", "has taken over", said as done or going on, not asked or negated."""
    return _lemma(context, verb) == "take" and any(
        context.doc.tokens[p].lower == "over" for p in _children(context, verb, "prt", "prep", "advmod")) and not _negated(context, verb)


def _running(context: _Context, verb: int) -> list[SlotValue]:
    """"Yusuf runs the kitchen", "Bilal is running the kitchen now", "Bilal has taken over the kitchen": who runs a
    group or a duty (:data:`HELD_THINGS`) now. Not what was run ("Yusuf ran the kitchen last year"), one day's ("I'm
    running the stall on Saturday"), asked or supposed."""
    doc = context.doc
    # "Bilal took over the kitchen", past or perfect, holds it since; "runs" and "is running" hold it now
    taking = _takes_over(context, verb)
    if not taking and (_lemma(context, verb) not in RUNNING_VERBS or not _present(context, verb) or doc.tokens[verb].tag == "VBN"):
        return []
    if _negated(context, verb) or _a_turn_not_told(context, verb) or _supposed(context, verb) or _one_occasion(context, verb, []):
        return []
    things = [o for o in _children(context, verb, "dobj") if _lemma(context, o) in HELD_THINGS]
    holders = _children(context, verb, "nsubj")
    if not things or not holders or (value := _office_holder(context, holders[0])) is None:
        return []
    return [_slot(context, verb, "office", value, RUNNING, things[0], holders[0], subject=_value(context, things[0]))]


# Who teaches a child: one at a time, so a new one replaces the last ("ollie has Mr Hughes until the summer" after
# "his teacher is Mrs Patel"); a subject's teacher is one of its own ("his piano teacher", scope "piano")
TEACHER_NOUNS = frozenset({"teacher", "tutor"})
# Words before "teacher" that say no subject: "his class teacher", "her year 4 teacher" is her teacher
CLASS_WORDS = frozenset({"class", "year", "reception", "nursery", "school"})
# The titles a name may have before it ("Mrs Patel", "Dr Khan")
TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof", "sir", "dame"})
# How a teacher is called; a doctor ("has Dr Khan") is an appointment's
TEACHER_TITLES = TITLES - {"dr", "prof", "sir", "dame"}
# What may go with "X has Mrs Y" and keep it a class's teacher: "until the summer", "this year", "now"
WHILE_WORDS = frozenset({"until", "till", "til", "since", "from"})
SCHOOL_PERIODS = frozenset({"year", "term"})


def teacher(context: _Context, i: int) -> list[SlotValue]:
    """"his teacher is Mrs Patel", "Mrs Ahmed is Ruby's new teacher", "her teacher Miss Cole", "tomek has Mrs Lewis",
    "ollie has Mr Hughes until the summer": the child's teacher is that person (``teacher = patel``, the name after
    the title). "the new teacher is Miss Shah" names no child: the speaker's only by default, so ``unowned``, and the
    links take it for the one child whose teacher is known. Not a teacher that was ("his old teacher Mr Grant", "Mr
    Grant was his teacher"), nor one not named ("the teacher is lovely")."""
    doc = context.doc
    if doc.tokens[i].pos in ("VERB", "AUX") and _lemma(context, i) == "have":
        return _has_a_teacher(context, i)
    if doc.tokens[i].pos != "NOUN" or _lemma(context, i) not in TEACHER_NOUNS or _parent(context, i) is None:
        return []
    if any(_lemma(context, m) in FORMER for m in _children(context, i, "amod", "compound")):
        return []
    up = _parent(context, i)
    if up[1] == "attr" and any(doc.tokens[d].lower in ("a", "an") for d in _children(context, i, "det")):
        return []  # "Mr Smith is a teacher", "he's a teacher": a job, no one's teacher
    owner = _whose_teacher(context, i)
    if owner is None and (_children(context, i, "prep") or _the_speakers_own_classes(context)):
        return []  # "the new teacher at my yoga class is Mr Lee", "... I've done three classes with him"
    # with no owner only across "be": "I spoke to the teacher, Mrs Patel" says whom, not whose
    holders = _named_holders(context, i, beside=owner is not None)
    # "is Ollie's teacher Mr Hughes?", "if Ollie's teacher is Mr Hughes next year": asked or supposed, not said
    holders = [(anchor, holder) for anchor, holder in holders
               if not (_asked_or_nearly(context, anchor) or _supposed(context, anchor))]
    up = _parent(context, i)
    if owner is not None and up[1] == "compound" and doc.tokens[up[0]].pos == "PROPN":
        holders.append((i, up[0]))  # "his maths teacher Mrs Okoro is strict": the parse made the noun the name's
    scope = " ".join(_lemma(context, c) for c in _children(context, i, "compound")
                     if doc.tokens[c].pos == "NOUN" and _lemma(context, c) not in CLASS_WORDS)
    return [replace(_slot(context, anchor, "teacher", name, scope, i, holder, subject=owner or SELF),
                    unowned=owner is None)
            for anchor, holder in holders if (name := _holder_name(context, holder))]


def _whose_teacher(context: _Context, noun: int) -> str | None:
    """The teacher's possessor ("Ruby's", "my"), or who has them ("Ollie has a new teacher, Mr Hughes"); "his"
    and "her" are the one other person the turn names ("Ollie is 9, his teacher is Mrs Patel"), else left a bare
    "he" or "she", whom no other memory's slot meets."""
    # "his maths teacher": the parse may hang the owner on the subject
    owners = _children(context, noun, "poss") or [o for c in _children(context, noun, "compound")
                                                 for o in _children(context, c, "poss")]
    if owners and context.doc.tokens[owners[0]].lower in ("his", "her"):
        referent = third_person_referent(context.doc, tuple(context.names))
        if referent is not None and referent[2] <= owners[0] < referent[3]:
            return referent[0].split()[-1].lower()
        return "he" if context.doc.tokens[owners[0]].lower == "his" else "she"
    return _subject_key(context, owners[0]) if owners else _boss_owner(context, noun)


def _has_a_teacher(context: _Context, verb: int) -> list[SlotValue]:
    """"tomek has Mrs Lewis", "Ollie has Mr Hughes until the summer", "she has Miss Cole this year": a child said to
    have a Mr, Mrs, Miss or Ms, and nothing more, is in their class, the way parents say it. Not the speaker ("I
    have Mr Jones at 3": a meeting), nor one had at a time or for a purpose ("has Mrs Dunne on saturdays", "for
    piano", "as a tutor"), a doctor ("has Dr Khan"), one that was ("had Mrs Lewis") or is not."""
    doc = context.doc
    subject = subject_token(doc, verb)
    if doc.tokens[verb].tag not in ("VBZ", "VBP") or _negated(context, verb) or subject is None:
        return []
    if not _a_child_said(context, subject) or _titled(context, subject) or not _nothing_else_about(context, verb):
        return []
    if not _for_a_school_time(context, verb):
        return []  # "Ollie has Mr Potato Head", "the baby has Mr Tumble", "Jake has Mrs Jones": a toy, a show, anyone
    return [_slot(context, verb, "teacher", name, "", obj, *_children(context, obj, "compound"),
                  subject=_subject_key(context, subject))
            for obj in _children(context, verb, "dobj") if _titled(context, obj)
            and not _children(context, obj, "poss", "det", "acl")
            and all(context.doc.tokens[p].lower in WHILE_WORDS for p in _children(context, obj, "prep")) and (name := _holder_name(context, obj))]


def _for_a_school_time(context: _Context, verb: int) -> bool:
    """"has Mr Hughes until the summer", "has Miss Cole this year", "this term": a Mr or Mrs had for a stretch of the
    school year is a class's teacher. One had with nothing more ("Ollie has Mr Potato Head", "she has Mr Whiskers,
    our cat", "Tom has Mr Bean") may be a toy, a pet, a show or anyone's dentist."""
    doc = context.doc
    arcs = [arc for k in (verb, *_children(context, verb, "dobj")) for arc in doc.children(k)]  # "till" on the name
    return any((arc.label == "prep" and doc.tokens[arc.dep].lower in WHILE_WORDS)
               or (arc.label in ("npadvmod", "tmod") and doc.tokens[arc.dep].lemma.lower() in SCHOOL_PERIODS)
               for arc in arcs)


# A class, lesson or course: "I've done three classes with him", "my yoga class" is the speaker's own
LESSON_NOUNS = frozenset({"class", "lesson", "course", "session", "workshop"})


def _the_speakers_own_classes(context: _Context) -> bool:
    """The turn tells of lessons the speaker goes to ("my pilates class", "I've done three classes with him"): a
    teacher said there with no owner is theirs, no child's."""
    doc = context.doc
    for k, token in enumerate(doc.tokens):
        if token.lemma.lower() not in LESSON_NOUNS or token.pos != "NOUN":
            continue
        if any(_is_self_token(context, o) for o in _children(context, k, "poss")):
            return True
        up = _parent(context, k)
        if up is not None and up[1] in ("dobj", "pobj") and doc.tokens[up[0]].pos in ("VERB", "AUX") \
                and any(_is_self_token(context, s) for s in _children(context, up[0], "nsubj")):
            return True
    return False


def _a_child_said(context: _Context, k: int) -> bool:
    """Someone who may be in a class: a name (lower case too: "ollie" is a noun to the tagger), "he" or "she", a
    child; never the speaker, nor a thing ("the bank")."""
    token = context.doc.tokens[k]
    # the tagger takes many a child's name for a firm ("leo has Mrs Novak"), and a firm has no Mrs alone
    if _is_self_token(context, k) or token.ent in NOT_PEOPLE - {"ORG"}:
        return False
    if token.lemma.lower() in KIN_WORDS - CHILD_NOUNS:
        return False  # "Mum has Mrs Brown next door"
    if token.pos == "PROPN" or token.lower in THIRD_PERSON or token.lemma.lower() in CHILD_NOUNS:
        return True
    return token.pos == "NOUN" and token.tag == "NN" and not _children(context, k, "det", "poss", "compound", "amod")


def _titled(context: _Context, name: int) -> bool:
    """The name has a teacher's title before it ("Mrs Patel", "Mr. Hughes")."""
    return any(context.doc.tokens[c].lower.rstrip(".") in TEACHER_TITLES for c in _children(context, name, "compound"))


def _nothing_else_about(context: _Context, verb: int) -> bool:
    """The verb says no occasion nor purpose: only "until", "since", "this year", "now" may go with it."""
    doc = context.doc
    for arc in doc.children(verb):
        word = doc.tokens[arc.dep]
        if arc.label in ("prep", "agent") and word.lower not in WHILE_WORDS:
            return False
        if arc.label in ("npadvmod", "advmod", "tmod") and (word.lower in ONE_OCCASION or _is_time(context, arc.dep)) \
                and word.lemma.lower() not in SCHOOL_PERIODS:
            return False
        if arc.label in ("dative", "xcomp", "advcl", "oprd") or (arc.label == "mark" and word.lower in CONDITION_MARKS):
            return False
    return True


# One favourite of a kind at a time: "Lies of Locke Lamora is my favourite book now" replaces "my favourite book
# is The Name of the Wind"; one of another kind (a band beside a show) is no change.
FAVOURITE_WORDS = frozenset({"favourite", "favorite", "fave", "fav"})
# Favourites of a moment or an aspect, not a standing taste: "my favourite bit was the cake", "my favourite thing
# about Lisbon is the food"
NOT_KINDS = frozenset({"thing", "bit", "part", "moment", "memory", "day", "one"})


def favourite(context: _Context, i: int) -> list[SlotValue]:
    """"My favourite book is The Name of the Wind", "The Bear is my favourite show now", "my new favourite
    restaurant is Osteria Nonna": the owner's favourite of that kind is the thing named (``favourite[book] = the
    name of the wind``), or the one thing named before an "it" in its sentence ("I finished Demon Copperhead, I
    think it's my new favourite book"). Not a favourite that was ("my old favourite"), one named by a pronoun alone
    ("it's my favourite book": which the memory does not say), nor one said of a time ("my favourite time of year is autumn" is a
    kind like any other, but "my favourite bit was the cake" is over)."""
    doc = context.doc
    if doc.tokens[i].pos not in ("NOUN", "PROPN") or not any(
            doc.tokens[m].lower in FAVOURITE_WORDS for m in _children(context, i, "amod", "compound", "nmod")):
        return []
    if any(_lemma(context, m) in FORMER for m in _children(context, i, "amod", "compound")):
        return []
    up = _parent(context, i)
    if up is None or up[1] not in ("attr", "nsubj") or _lemma(context, up[0]) != "be" or not _present(context, up[0]):
        return []
    owners = _children(context, i, "poss")
    if not owners:
        return []
    if _lemma(context, i) in NOT_KINDS or doc.tokens[i].tag in ("NNS", "NNPS"):
        return []  # "my favourite teams are Benfica and Porto": more than one at a time
    # another clause's date is that clause's: "I finished it last night, it's my favourite book"
    elsewhere = {k for c in _children(context, up[0], "ccomp", "advcl", "conj", "parataxis") for k in subtree(doc, c)}
    if _negated(context, up[0]) or any(doc.tokens[k].ent in ("DATE", "TIME") for k in set(subtree(doc, up[0])) - elsewhere):
        return []  # "my favourite film is not Alien, it's Aliens", "my favourite book this year": no standing one
    other = ("nsubj",) if up[1] == "attr" else ("attr", "acomp")
    whose = {k for owner in owners for k in subtree(doc, owner)}
    # the kind with what makes it a kind of its own: "restaurant in lisbon", "place to swim", "dish at ramiro"
    kind = " ".join(doc.tokens[k].lower for k in subtree(doc, i) if k not in whose and doc.tokens[k].pos not in ("DET", "PUNCT")
                    and doc.tokens[k].lower not in FAVOURITE_WORDS | {"new", "all-time", "current"})
    named = [_thing_it_means(context, held) if doc.tokens[held].lower in ("it", "this", "that") else held
             for held in _children(context, up[0], *other)]
    return [_slot(context, up[0], "favourite", _title(context, held), kind, i, held, subject=_subject_key(context, owners[0]))
            for held in named if held is not None and doc.tokens[held].pos in ("NOUN", "PROPN", "ADJ")]


def _thing_it_means(context: _Context, pronoun: int) -> int | None:
    """The one thing named before ``pronoun`` in its sentence, as the object of a verb or a preposition: "I finished
    Demon Copperhead last night, I think it's my new favourite book" (the tagger may take a title for a person);
    None where there is none or more than one ("I met Sam at Nando's, it's my favourite")."""
    doc = context.doc
    start, _ = doc.sentences[doc.tokens[pronoun].sent]
    names = [k for k in range(start, pronoun) if doc.tokens[k].pos == "PROPN"
             and any(arc.label in ("dobj", "pobj") for arc in doc.parents(k)) and not _is_self_token(context, k)]
    return names[0] if len(names) == 1 else None


def _title(context: _Context, head: int) -> str:
    """A name with its "of" kept: "The Name of the Wind", "Lies of Locke Lamora" (no other preposition: "Fabrica on
    Rua das Flores" and a later "Fabrica" are one place)."""
    doc = context.doc
    tokens = set(_phrase_tokens(context, head))
    for prep in _children(context, head, "prep"):
        if doc.tokens[prep].lower == "of":
            tokens |= {prep, *(k for obj in _children(context, prep, "pobj") for k in subtree(doc, obj))}
    return _span_value(context, tokens)


# Whether one likes a thing: a taste is kept or turned ("I hate mushrooms", then "I actually like mushrooms now");
# saying it again changes nothing, so it is a transition slot, like a pastime.
LIKING = {"like": "like", "love": "like", "enjoy": "like", "adore": "like",
          "hate": "dislike", "dislike": "dislike", "detest": "dislike", "loathe": "dislike"}
# What one likes that is no thing with a taste of its own: "I love it", "I like the idea", "I love the way ..."
NOT_TASTES = frozenset("idea thing stuff way fact sound look vibe one lot bit time moment day".split())


def taste(context: _Context, i: int) -> list[SlotValue]:
    """Whether the subject likes a thing, said in the present: ``taste[mushroom] = dislike`` from "I hate
    mushrooms", "I don't like mushrooms", "I can't stand coffee anymore", "I've gone off sushi"; ``= like`` from "I
    actually like mushrooms now", "I love running". Not a wish ("I'd like a coffee", "I'd love to go"), a pronoun
    or a person ("I love it", "I love my wife"), nor what it is like to do ("I like the idea")."""
    doc = context.doc
    token = doc.tokens[i]
    if token.pos != "VERB":
        return []  # every token of every memory comes here: the cheap test first
    # the tagger's lemma of "hates" is "hat"
    lemma = next((w for w in (_lemma(context, i), token.lower, token.lower[:-1], token.lower[:-2]) if w in LIKING), _lemma(context, i))
    if lemma not in LIKING and lemma not in ("stand", "go"):
        return []
    helpers = [doc.tokens[a].lower for a in _children(context, i, "aux")]
    cannot_stand = lemma == "stand" and _negated(context, i) and any(h in ("ca", "can", "cannot") for h in helpers)
    if not (_present(context, i) or cannot_stand) or _looks_ahead(context, i):
        return []
    if any(h in ("would", "'d", "d", "should", "could") for h in helpers):
        return []  # "I'd love a coffee": a wish
    if _children(context, i, "mark"):
        return []  # "if you like olives, try this": a condition
    negated = _negated(context, i)
    gone_off = lemma == "go" and any(doc.tokens[p].lower == "off" for p in _children(context, i, "prt", "prep"))
    if cannot_stand or gone_off:
        value = "dislike"  # "I can't stand coffee anymore", "I've gone off sushi"
    elif lemma in LIKING:
        if negated and LIKING[lemma] == "dislike":
            return []  # "I don't hate it": not that one likes it
        value = "dislike" if negated else LIKING[lemma]
    else:
        return []
    things = _children(context, i, "dobj", *(("npadvmod",) if gone_off else ())) + [o for p, o in _prep_objects(context, i, ("off",))]
    things += [g for g in _children(context, i, "xcomp") if doc.tokens[g].tag == "VBG"]
    for thing in things:
        scope = _taste_scope(context, thing)
        if scope:
            return [_slot(context, i, "taste", value, scope, thing, negated=False)]
    return []


# Qualifiers that make a liking one of a time or a place, not a taste: "running in the rain", "the traffic in
# London", "cooking on weeknights"
QUALIFIERS = ("prep", "relcl", "acl", "advcl", "npadvmod", "advmod")
# Kinds English names with "the": "I hate the cold", "I love the sea", "I can't stand the treadmill" are tastes,
# where "the ring", "the plan" and "the present" are one thing each.
KINDS_WITH_THE = frozenset(
    "cold heat rain snow wind sun dark weather winter summer spring autumn beach sea seaside mountain countryside "
    "city outdoors gym treadmill commute crowds".split()
)
# Words of the present that a parse may hang on the thing liked, which make it no thing of a time ("I love running
# now", "I like olives too")
NOWADAYS = frozenset({"now", "nowadays", "anymore", "again", "too", "also", "still", "though", "actually"})
# People named by what they are: "I hate the new manager" is about a person
PEOPLE_NOUNS = OCCUPATIONS | BOSS_NOUNS | frozenset("kid kids people guy guys girl girls man men woman women person neighbour neighbor".split())


def _taste_scope(context: _Context, thing: int) -> str | None:
    """The kind a taste is of, with the words that make it that kind: a common noun or a name of no one
    ("mushroom", "spicy food", "italian food", "lisbon"), or a doing ("run", "play tennis"). Not one thing
    ("this song", "the new flat"), a thing of a time or a place ("the traffic in London", "running in the rain"),
    a person by what they are ("the new manager"), nor someone else's ("your dog")."""
    doc = context.doc
    token = doc.tokens[thing]
    if any(doc.tokens[q].lower not in NOWADAYS for q in _children(context, thing, *QUALIFIERS)):
        return None
    if token.tag == "VBG":
        return _activity_scope(context, thing)
    lemma = _lemma(context, thing)
    if token.pos not in ("NOUN", "PROPN") or token.ent in ("PERSON", "DATE", "TIME") or lemma in RELATIVES | NOT_TASTES | PEOPLE_NOUNS:
        return None
    determiners = {doc.tokens[d].lower for d in _children(context, thing, "det")}
    if determiners & {"this", "that", "these", "those"} or ("the" in determiners and lemma not in KINDS_WITH_THE):
        return None  # "this song", "the ring": one thing; "the cold", "the treadmill" are kinds
    if any(not _is_self_token(context, o) for o in _children(context, thing, "poss")):
        return None  # "I love your dog": a thing of someone else's
    kind = [doc.tokens[k].lower for k in _children(context, thing, "amod", "compound")]
    return " ".join([*kind, lemma])


# Words that end the names of places: "Canary Wharf", "Brighton Station", "Terminal 5", "Fort Bragg"
PLACE_NAME_WORDS = frozenset("wharf station terminal airport stadium arena tower hall centre center park bridge street "
                             "road square hq headquarters base fort barracks depot port office campus hospital".split())


def _a_place_named(context: _Context, k: int) -> bool:
    """The name at ``k`` (with the words of its compound) names a place: a place to the tagger, a known place, or one
    whose words say it is ("Canary Wharf", "Terminal 5")."""
    doc = context.doc
    words = [k, *_children(context, k, "compound"), *(_children(context, k, "nummod"))]
    return doc.tokens[k].ent in ("GPE", "LOC") or any(
        doc.tokens[w].lower in known_places() or doc.tokens[w].lower in PLACE_NAME_WORDS for w in words)


def _holder_name(context: _Context, k: int) -> str | None:
    """A person's first name, lower case: "Aisha Khan" and "Aisha" are one holder; "he" after the one other person
    the memory names is that person; anyone else (the speaker, a pronoun left unresolved) is no name."""
    up = _parent(context, k)
    if context.doc.tokens[k].lower.rstrip(".") in TITLES and up is not None and up[1] == "compound":
        k = up[0]  # "my manager Mr Smith said": the name found after the noun is its title
    token = context.doc.tokens[k]
    if token.lower.rstrip(".") in TITLES:
        return None  # "his teacher is Miss": a title alone names no one
    # one's boss is a person, whatever the tagger calls an unknown name ("Hana Sato" a building), if no firm and no
    # place ("I report to Canary Wharf on Mondays", "reporting to Heathrow at 6am")
    # a name after a title is a person's, whatever the tagger says ("Mr Ford" an ORG)
    titled = any(context.doc.tokens[c].lower.rstrip(".") in TITLES for c in _children(context, k, "compound"))
    if token.pos == "PROPN" and (titled or token.ent not in ("ORG", "DATE", "TIME")) and not _a_place_named(context, k):
        # "Mr Smith": the name after a title, or "Mr Smith" and "Mr Jones" would be one boss
        names = [c for c in _children(context, k, "compound") if context.doc.tokens[c].pos == "PROPN"
                 and context.doc.tokens[c].lower.rstrip(".") not in TITLES]
        first = min([k] + names)
        return context.doc.tokens[first].lower
    if _a_name_taken_for_a_noun(context, k):
        return token.lower
    key = _subject_key(context, k)
    return key if token.lower in THIRD_PERSON and key not in UNRESOLVED_SUBJECTS else None


def _a_name_taken_for_a_noun(context: _Context, k: int) -> bool:
    """A capitalised word the tagger took for a common noun, with nothing a common noun has (no article, owner or
    modifier), and no word of kin or of a thing: a name it does not know, as it reads "Gaz" in "Gaz is my team
    leader"; "Mum is my boss" names a relative."""
    token = context.doc.tokens[k]
    return (token.pos == "NOUN" and token.tag == "NN" and token.text[:1].isupper() and token.text[1:].islower()
            and not _children(context, k, "det", "poss", "amod", "compound", "nummod", "prep")
            and _lemma(context, k) not in KIN_WORDS | OCCUPATIONS | BOSS_NOUNS | NOT_EVENTS)


# The language one wants to be answered in: "could you reply in Spanish from now on?", later "can we go back to
# English?". Languages by name, as people say them.
LANGUAGES = frozenset(
    "english spanish french german italian portuguese dutch polish russian ukrainian turkish greek arabic hebrew "
    "hindi urdu bengali punjabi tamil chinese mandarin cantonese japanese korean vietnamese thai indonesian malay "
    "swedish norwegian danish finnish czech hungarian romanian catalan welsh irish swahili tagalog persian farsi".split()
)
# Saying in a language: "reply in Spanish", "talk to me in French", "write the summaries in German".
SAYING_LEMMAS = frozenset({"reply", "answer", "respond", "write", "talk", "speak", "text", "chat", "message", "say"})
# Changing to a language: "switch to English", "go back to English", "change to French".
SWITCHING_LEMMAS = frozenset({"switch", "go", "change", "move", "stick"})


def language(context: _Context, i: int) -> list[SlotValue]:
    """The language the speaker wants to be answered in: ``language[reply] = spanish`` from "could you reply in
    Spanish from now on?", "I'd rather get replies in Spanish", "can we go back to English?", "let's switch to
    French". A standing wish of whoever says it, so its subject is the speaker, whoever the verb's subject is. Not a
    language spoken or learnt ("I speak Spanish", "my Spanish class"), nor one said of a thing ("a book in French",
    "the menu is in English")."""
    doc = context.doc
    token = doc.tokens[i]
    if token.lower not in LANGUAGES or token.pos not in ("PROPN", "NOUN", "ADJ"):
        return []
    up = _parent(context, i)
    if up is not None and up[1] in ("amod", "compound") and doc.tokens[up[0]].lower in WISH_WORDS:
        up = _parent(context, up[0])  # "reply in spanish please", parsed as "in (spanish please)"
    if up is None or up[1] != "pobj" or _children(context, i, "compound", "amod", "det", "poss"):
        return []
    prep = doc.tokens[up[0]].lower
    said = _parent(context, up[0])
    if said is None:
        return []
    head = said[0]
    if doc.tokens[head].lower == "back" and _parent(context, head) is not None:
        head = _parent(context, head)[0]  # "go back to English": the preposition hangs on "back"
    lemma = _lemma(context, head)
    saying = prep == "in" and (lemma in SAYING_LEMMAS or lemma in ("reply", "answer", "message") and doc.tokens[head].pos == "NOUN")
    switching = prep == "to" and lemma in SWITCHING_LEMMAS
    if not (saying or switching) or not _asked_for(context, head):
        return []
    if saying and (not _the_speaker_answered(context, head) or _to_someone_else(context, head)):
        return []  # "He asked me to reply in German", "can you reply in Spanish to this email": not how one is answered
    # a request is a wish that holds now, though "could" or "will" look ahead
    return [replace(_slot(context, head, "language", token.lower, "reply", i, subject=SELF), future=False)]


def _the_speaker_answered(context: _Context, head: int) -> bool:
    """The saying at ``head`` is the listener's to the speaker: not the speaker's own ("I asked my boss if I could
    reply in English"), nor one someone else asked for ("He asked me to reply in German")."""
    doc = context.doc
    if doc.tokens[head].pos == "VERB" and _children(context, head, "nsubj") and _subject(context, head) == SELF:
        return False
    up = _parent(context, head)
    while up is not None and up[1] in ("xcomp", "ccomp"):
        if _lemma(context, up[0]) in ("ask", "tell", "want", "need") and _subject(context, up[0]) != SELF:
            return False
        up = _parent(context, up[0])
    return True


def _to_someone_else(context: _Context, head: int) -> bool:
    """The saying at ``head`` is to someone or something other than the speaker: "reply in Spanish to this email",
    "reply in French to my teacher"."""
    return any(not _is_self_token(context, o) for _, o in _prep_objects(context, head, ("to",)))


# Words that make a saying a wish or a request, not a report of one ("she answered in Spanish").
WISH_WORDS = frozenset({"please", "rather", "prefer", "let", "could", "can", "would", "will", "'d", "pls", "plz"})


def _asked_for(context: _Context, head: int) -> bool:
    """The clause of ``head`` asks or wishes for what it says: a question, a request ("Alex asks ..."), or a word of
    wishing or asking in its sentence ("please", "I'd rather", "let's", "could you", "from now on")."""
    doc = context.doc
    start, end = doc.sentences[doc.tokens[head].sent]
    words = {t.lower for t in doc.tokens[start:end]}
    return bool(words & (WISH_WORDS | {"?", "ask", "asks", "asked"})) or "now on" in doc.span_text(start, end).lower()


# How one asks an assistant to answer from now on, and later changes ("please don't use emojis", then "you can use
# emojis again"): ``instruction[<aspect>]``, one value at a time, the speaker's whoever the verb's subject is.
EMOJI_WORDS = frozenset({"emoji", "emojis", "emoticon", "emoticons", "smiley", "smileys"})
LENGTHS = {**dict.fromkeys("short shorter brief briefer concise succinct snappy".split(), "short"),
           **dict.fromkeys("long longer detailed thorough fuller lengthy".split(), "long")}
# What a length is said of: "keep answers short", "keep it brief", "longer replies are fine"
ANSWER_NOUNS = frozenset("answer answers reply replies response responses message messages explanation explanations it things".split())
# ("a table of the costs" is one answer's, so tables are left out)
FORMATS = {"bullet": "bullet points", "bullets": "bullet points", "paragraph": "paragraphs", "paragraphs": "paragraphs",
           "prose": "paragraphs"}
MEASURE_SYSTEMS = {"metric": ("units", "metric"), "imperial": ("units", "imperial"), "celsius": ("temperature", "celsius"),
                   "centigrade": ("temperature", "celsius"), "fahrenheit": ("temperature", "fahrenheit")}
SPELLINGS = {"british": "british", "uk": "british", "american": "american", "us": "american"}
# Verbs of telling an assistant how to answer, in the base form a request takes ("use metric", "asks to keep answers
# short", "can you give temps in fahrenheit"): "I use metric at work" and "I wrote it in bullets" tell of oneself.
INSTRUCTING_LEMMAS = frozenset("use give keep stick write do make put switch include format answer reply show send call".split())
# Verbs that ask for a thing to stop: "stop using emojis", "avoid bullet points"
STOPPING_LEMMAS = frozenset({"stop", "quit", "avoid", "drop", "skip", "ditch", "lose"})
# "longer answers are fine now", "emojis are ok again": leave given
ALLOWING = frozenset({"fine", "ok", "okay", "good", "allowed", "great", "better"})


def instruction(context: _Context, i: int) -> list[SlotValue]:
    """How the speaker asks to be answered from now on: ``instruction[emoji] = no`` ("please don't use emojis",
    "no emojis pls"; ``= yes`` from "you can use emojis again"), ``[length] = short`` ("keep answers short", "keep it
    brief"; ``= long`` from "longer answers are fine now"), ``[format] = bullet points`` ("bullet points over
    paragraphs"), ``[units] = metric``, ``[temperature] = fahrenheit`` ("always give temps in fahrenheit"),
    ``[spelling] = british``, ``[name] = sam`` ("from now on call me Sam"). Only what the speaker asks of the
    listener or allows ("... are fine now"), not what one does or asks about oneself ("I use metric at work", "can I
    use emojis in a cover letter?"), what another asked ("he asked me to keep my answers short"), nor a thing of one
    answer or one piece of writing ("can you convert this to fahrenheit?", "don't put emojis in the email to my
    landlord", "send me the bullet points from the meeting")."""
    doc = context.doc
    token = doc.tokens[i]
    low = token.lower
    if low in EMOJI_WORDS:
        said_no = any(doc.tokens[d].lower == "no" for d in _children(context, i, "det")) or (
            i >= 2 and [t.lower for t in doc.tokens[i - 2 : i]] == ["no", "more"])  # "no more smileys"
        asked = _asked_how_to_answer(context, i, i) or ((None, False) if said_no else None)  # "no emojis pls"
        if asked is None:
            return []
        verb, stopping = asked
        refused = said_no or stopping or (verb is not None and _refused(context, verb)) or _under_a_preposition(context, i, "without")
        return [_instruction(context, verb if verb is not None else i, "emoji", NONE_VALUE if refused else "yes", False, i)]
    if low in LENGTHS and token.pos == "ADJ":
        said_of = _length_said_of(context, i)
        asked = None if said_of is None else _asked_how_to_answer(context, said_of, i)
        aspect, value, head = "length", LENGTHS[low], said_of if said_of is not None else i
    elif low in FORMATS and token.pos in ("NOUN", "PROPN"):
        up = _parent(context, i)
        head = up[0] if up is not None and up[1] == "compound" else i  # "bullet points"
        if _under_a_preposition(context, head, "over", "than") or _one_of_them(context, head):
            return []  # "bullet points over paragraphs": not the paragraphs; "the bullet points from the meeting"
        preferred = any(doc.tokens[p].lower == "over" for p in _children(context, head, "prep"))
        asked = _asked_how_to_answer(context, head, i) or ((None, False) if preferred else None)
        aspect, value = "format", FORMATS[low]
    elif low in MEASURE_SYSTEMS or (low in SPELLINGS and any(_lemma(context, h) == "spelling" for h in _heads(context, i))):
        asked = _asked_how_to_answer(context, i, i)
        (aspect, value), head = MEASURE_SYSTEMS.get(low) or ("spelling", SPELLINGS[low]), i
    elif _lemma(context, i) == "call" and token.tag == "VB":
        return _called(context, i)
    else:
        return []
    if asked is None and _asked_in_a_word(context, head):
        # "shorter replies please", "no bullet points pls": asked with no verb
        asked = (None, any(doc.tokens[d].lower == "no" for d in _children(context, head, "det")))
    if asked is None:
        return []
    verb, stopping = asked
    return [_instruction(context, verb if verb is not None else head, aspect, value, stopping, i)]


def _asked_in_a_word(context: _Context, noun: int) -> bool:
    """The noun is said with no verb of its own but a "please" ("shorter replies please", "no bullet points pls"),
    alone or as what was noted."""
    doc = context.doc
    up = _parent(context, noun)
    if up is not None and not (doc.tokens[up[0]].lower in PLEASE_WORDS or (
            up[1] in ("dobj", "ccomp", "npadvmod") and _lemma(context, up[0]) == "note")):
        return False
    start, end = doc.sentences[doc.tokens[noun].sent]
    return any(doc.tokens[k].lower in PLEASE_WORDS for k in range(start, end))


def _refused(context: _Context, verb: int) -> bool:
    """The request at ``verb`` is one not to: negated in its own words or in the extractor's frame ("asks not to")."""
    framed = _framed_request(context, verb)
    return _negated(context, verb) or (framed is not None and framed["no"] is not None)


def _instruction(context: _Context, verb: int, aspect: str, value: str, stopping: bool, *anchor_tokens: int) -> SlotValue:
    # a request is a wish that holds now, though "can" or "will" look ahead; negated where the request is ("don't
    # make answers long", "stop using bullet points"); for emojis "none" says the refusal itself
    negated = aspect != "emoji" and (stopping or _refused(context, verb))
    return replace(_slot(context, verb, "instruction", value, aspect, *anchor_tokens, subject=SELF, negated=negated), future=False)


# Determiners of one thing: "the bullet points from the meeting", "this email", "my landlord"
ONE_THING_DETERMINERS = frozenset({"the", "this", "that", "these", "those", "my", "your", "his", "her", "their", "our"})


def _one_of_them(context: _Context, noun: int) -> bool:
    """The noun is one thing or a thing of one (a definite or possessive determiner, a possessor), not a kind."""
    doc = context.doc
    return bool(_children(context, noun, "poss")) or any(
        doc.tokens[d].lower in ONE_THING_DETERMINERS for d in _children(context, noun, "det"))


def _said_of_one_thing(context: _Context, verb: int, trigger: int) -> bool:
    """The request at ``verb`` is of one answer or piece of writing: an object or a place of one thing ("put the
    steps in bullet points", "don't put emojis in the email to my landlord", "a short answer to this"), or a time
    it holds ("keep it brief when you talk to the landlord")."""
    doc = context.doc
    for head in (verb, trigger, *_heads(context, trigger)):
        for _, obj in _prep_objects(context, head, ("in", "to", "for", "from", "with", "on", "at", "about", "during")):
            if obj != trigger and (doc.tokens[obj].lower in ("this", "that", "these", "those", "it") or _one_of_them(context, obj)):
                return True
    # "put the steps in bullet points", "send me the summary in bullets": one thing ("give the temperatures in
    # celsius" is any of them)
    if any(o != trigger and doc.tokens[o].lower not in ANSWER_NOUNS and _one_of_them(context, o)
           and (doc.tokens[o].tag in ("NN", "NNP") or _children(context, o, "poss")) for o in _children(context, verb, "dobj")):
        return True
    governors = [verb, *_heads(context, verb)]
    return any(doc.tokens[m].lower in CONDITION_MARKS | TIME_MARKS | {"while", "so"}
               for g in governors for c in _children(context, g, "advcl") for m in _children(context, c, "mark", "advmod"))


# The verbs through which the speaker asks ("Priya asks to keep answers short", "I'd like you to use metric",
# "I'd rather you gave temps in celsius")
ASKING_LEMMAS = frozenset({"ask", "want", "like", "prefer", "need", "rather", "love"})


# The extractor's frame of a request, which the stored parse of a memory leaves out (its words are the turn's): "Sam
# asks Assistant not to | use emojis", "Sam asks to | keep answers short"
REQUEST_FRAME = re.compile(r"\basks(?:\s+(?!not\b|never\b)[\w'-]+)?\s+(?P<no>not\s+|never\s+)?to\s+(?:always\s+|just\s+)?$",
                           re.IGNORECASE)


def _framed_request(context: _Context, verb: int) -> re.Match | None:
    """The request frame the memory's text puts right before the verb, when it does."""
    return REQUEST_FRAME.search(context.doc.text[: context.doc.tokens[verb].idx])


def _asked_of_the_listener(context: _Context, verb: int) -> bool:
    """The verb of telling at ``verb`` is what the speaker asks of the listener: an order with no subject, one the
    speaker "asks", wants or would like, or one whose subject is the listener ("can you use metric?"); not one of
    the speaker's own ("can I use emojis in a cover letter?", "I try to keep things short"), another's ("he asked me
    to keep my answers short") or one asked about in general ("is it ok to use emojis at work?")."""
    doc = context.doc
    if _framed_request(context, verb) is not None:
        return True  # "Sam asks Assistant not to use emojis", whatever the turn's own words parse as
    k = verb
    for _ in range(4):
        subjects = _children(context, k, "nsubj")
        if subjects:
            subject = doc.tokens[subjects[0]]
            if k == verb:
                # the listener, as said ("you") or as the extractor names them (a name that is not the speaker's)
                return subject.lower in ("you", "u", "ya", "assistant") or (subject.pos == "PROPN" and not _is_self_token(context, subjects[0]))
            return _lemma(context, k) in ASKING_LEMMAS and _is_self_token(context, subjects[0])
        up = _parent(context, k)
        if up is None:
            return True  # an order: "always give temps in fahrenheit"
        if up[1] not in ("xcomp", "ccomp", "conj", "advcl"):
            return False
        k = up[0]
        if doc.tokens[k].pos not in ("VERB", "AUX"):
            return False  # "is it ok to use emojis": asked of a state, not of the listener
    return False


def _heads(context: _Context, i: int) -> list[int]:
    up = _parent(context, i)
    return [up[0]] if up is not None else []


def _under_a_preposition(context: _Context, i: int, *words: str) -> bool:
    up = _parent(context, i)
    return up is not None and up[1] == "pobj" and context.doc.tokens[up[0]].lower in words


def _length_said_of(context: _Context, adjective: int) -> int | None:
    """The answer a length is said of: "keep answers short" (through "keep"), "longer answers" (the noun)."""
    doc = context.doc
    up = _parent(context, adjective)
    if up is None:
        return None
    if up[1] == "amod" and doc.tokens[up[0]].lower in ANSWER_NOUNS:
        return up[0]
    if up[1] in ("oprd", "acomp", "xcomp", "ccomp") and _lemma(context, up[0]) in ("keep", "make"):
        said_of = [o for o in _children(context, up[0], "dobj", "nsubj") if doc.tokens[o].lower in ANSWER_NOUNS]
        return adjective if said_of else None
    return None


def _asked_how_to_answer(context: _Context, i: int, trigger: int) -> tuple[int | None, bool] | None:
    """The verb of telling that asks for ``i`` ("use", "give", "keep" in the base form of a request), whether a verb
    of stopping governs it ("stop using emojis"); ``(None, False)`` when ``i`` is what a "be fine" allows ("longer
    answers are fine now"); None when neither."""
    doc = context.doc
    k = i
    for _ in range(6):
        up = _parent(context, k)
        if up is None:
            return None
        k, label = up
        if label == "nsubj" and _lemma(context, k) == "be":
            allowed = any(doc.tokens[a].lower in ALLOWING for a in _children(context, k, "acomp", "attr"))
            return (None, False) if allowed else None
        if doc.tokens[k].pos not in ("VERB", "AUX"):
            continue
        lemma = _lemma(context, k)
        if lemma in STOPPING_LEMMAS and doc.tokens[k].tag == "VB" and label in ("dobj", "prep"):
            # "please avoid emojis", "skip the bullet points", "stop with the emojis"
            return (k, True) if _asked_of_the_listener(context, k) and not _said_of_one_thing(context, k, trigger) else None
        if lemma in INSTRUCTING_LEMMAS and doc.tokens[k].tag in ("VB", "VBG"):
            stops = [g for g in _heads(context, k) if _lemma(context, g) in STOPPING_LEMMAS]
            asking = stops[0] if stops else k  # "stop using emojis": what is asked is the stopping
            if (doc.tokens[k].tag == "VB" or stops) and _asked_of_the_listener(context, asking) \
                    and not _said_of_one_thing(context, k, trigger):
                return k, bool(stops)
        return None
    return None


def _called(context: _Context, call: int) -> list[SlotValue]:
    """"call me Sam" (written "call Priya Sam", the name read as one): ``instruction[name] = sam``."""
    doc = context.doc
    for obj in _children(context, call, "dobj", "oprd"):
        if doc.tokens[obj].pos != "PROPN" or _is_self_token(context, obj):
            continue
        self_before = any(_is_self_token(context, c) for c in _children(context, obj, "compound")) or any(
            _is_self_token(context, o) for o in _children(context, call, "dobj") if o != obj)
        if self_before:
            return [_instruction(context, call, "name", doc.tokens[obj].lower, False, obj)]
    return []


# One's pronouns: "I go by they/them now", "my pronouns are she/her"
PRONOUN_SET = re.compile(r"\b(she|he|they|ze|xe)\s*/\s*(her|hers|him|his|them|they|she|he|zir|xem)\b", re.IGNORECASE)


def pronouns(context: _Context, i: int) -> list[SlotValue]:
    """``pronouns = they/them`` of whoever "goes by" them, or whose pronouns they are."""
    doc = context.doc
    if doc.tokens[i].lower not in ("go", "goes", "went", "going", "pronouns"):
        return []
    start, end = doc.sentences[doc.tokens[i].sent]
    found = PRONOUN_SET.search(doc.span_text(start, end))
    if found is None:
        return []
    value = f"{found.group(1).lower()}/{found.group(2).lower()}"
    if _lemma(context, i) == "go" and any(doc.tokens[p].lower == "by" for p in _children(context, i, "prep")):
        if not _present(context, i):
            return []  # "I went by she/her in school": not now
        return [_slot(context, i, "pronouns", value, "", i)]
    owners = _children(context, i, "poss")
    if doc.tokens[i].lower == "pronouns" and owners:
        return [_slot(context, i, "pronouns", value, "", i, subject=_subject_key(context, owners[0]))]
    return []


# A time zone by its abbreviation or its region: "my timezone is CET now", "I'm on mountain time"
ZONE_ABBREVIATIONS = frozenset(
    "utc gmt bst cet cest eet eest wet west ist jst kst aest aedt nzst nzdt est edt cst cdt mst mdt pst pdt akst hst".split()
)
ZONE_REGIONS = frozenset({"central", "mountain", "pacific", "eastern", "atlantic", "alaska", "hawaii"})


ZONE_OFFSET = re.compile(r"(?:utc|gmt)?[+-]\d{1,2}(?::?\d\d)?", re.IGNORECASE)


def _a_zone(context: _Context, k: int) -> bool:
    """A zone by its abbreviation or offset ("CET", "GMT+1"), its region ("central time") or a place ("London")."""
    token = context.doc.tokens[k]
    words = [context.doc.tokens[j].lower for j in subtree(context.doc, k)]
    return (token.lower in ZONE_ABBREVIATIONS or bool(ZONE_OFFSET.search("".join(words)))
            or (token.lower == "time" and bool(set(words) & ZONE_REGIONS)) or token.ent in ("GPE", "LOC"))


def timezone(context: _Context, i: int) -> list[SlotValue]:
    """The time zone one lives by: ``timezone = cet`` from "my timezone is CET now", ``= mountain time`` from "I'm on
    mountain time", "mountain time from the 28th". A zone said of a thing ("the call is at 3pm CET") is no one's."""
    doc = context.doc
    token = doc.tokens[i]
    if token.lower in ("timezone", "zone") and (token.lower == "timezone" or any(
            doc.tokens[c].lower == "time" for c in _children(context, i, "compound"))):
        up = _parent(context, i)
        if up is None or up[1] != "nsubj" or _lemma(context, up[0]) != "be":
            return []
        values = [a for a in _children(context, up[0], "attr", "acomp") if _a_zone(context, a)]
        owners = _children(context, i, "poss")
        if not values or not owners:
            return []  # "my timezone is wrong on my laptop", "the same as yours": no zone
        value = _span_value(context, [k for k in subtree(doc, values[0]) if doc.tokens[k].pos not in ("ADV", "PUNCT")])
        return [_slot(context, up[0], "timezone", value, "", values[0], subject=_subject_key(context, owners[0]))]
    if token.lower == "time" and any(doc.tokens[c].lower in ZONE_REGIONS for c in _children(context, i, "compound", "amod")):
        up = _parent(context, i)
        region = next(c for c in _children(context, i, "compound", "amod") if doc.tokens[c].lower in ZONE_REGIONS)
        if up is None:
            return []
        holder = up[0]
        if up[1] == "pobj" and doc.tokens[up[0]].lower == "on":
            holder = _parent(context, up[0])[0] if _parent(context, up[0]) else None  # "I'm on mountain time"
        elif up[1] != "dobj" or _lemma(context, up[0]) not in REPORTING_VERBS | {"note"}:
            return []  # "mountain time is ...": only one's own "on X time", or X time noted as such
        if holder is None:
            return []
        return [_slot(context, holder, "timezone", f"{doc.tokens[region].lower} time", "", region, i)]
    return []


RULES = (residence, job, diet, relationship, number_of_children, schedule, ownership, death, health, age, activity,
         repair, subscription, provider, provider_by_role, quantity, medication, boss, office, teacher, study, favourite, taste, language,
         instruction, pronouns, timezone)

