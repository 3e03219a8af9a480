"""Links: slot reading, candidates, the rule classifier on the state-changes conversation, lifecycle moves,
and the LLM classifier against a fake client."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import polars as pl
import pytest

from memory_pipeline.analysis import read_doc
from memory_pipeline.analysis.slots import verb_of_gerund
from memory_pipeline.consolidation.checks import dangling_link_ends
from memory_pipeline.links import ClassifierResources, LinksConfig, build_links, lifecycle_updates, load_link_classifier
from memory_pipeline.links.candidates import candidate_jobs
from memory_pipeline.links.llm import LinksAnswer
from tests.fake_llm import FakeClient, FakeRequest, candidate_number
from tests.state_changes import build


@pytest.fixture(scope="module")
def built(parser, resolver, embedder):
    return build(parser, resolver, embedder)


def slots_of(parser, text: str, speaker: str = "Ana") -> set[str]:
    return {slot.describe() for slot in read_doc("m", parser.parse(text), speaker).state_slots}


# --- slots ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana lives in Lisbon.", {"self.residence = lisbon"}),
        ("I moved back to Lisbon in May.", {"self.residence = lisbon"}),
        ("Ana no longer lives in Lisbon.", {"self.residence = not lisbon"}),
        ("Ana works as a nurse at St Mary's hospital.", {"self.job = nurse", "self.employer = st mary's hospital"}),
        ("Ana quit Ana's job at the hospital yesterday.", {"self.job = none", "self.employer = none"}),
        ("Ana is vegetarian now.", {"self.diet = vegetarian"}),
        ("Tom and Ana broke up last week.", {"self.relationship = single", "self.relationship[tom] = ex"}),
        ("Ana has 3 kids now.", {"self.children = 3"}),
        ("Ana's dentist appointment got moved to Friday.", {"self.appointment[dentist appointment] = friday"}),
        ("Ana works the night shift now.", {"self.schedule[shift] = night"}),
        ("Ana's sister lives in Paris.", {"self's sister.residence = paris"}),
        # a plan, reported speech and a denial state nothing about now
        ("Ana is going to move to Madrid next year.", set()),
        ("Ana never said Ana was moving to Madrid.", set()),
        ("Ana is allergic to peanuts.", set()),
        # age: a person's, a relative's or a pet's, never a score's
        ("I'm 29 and still have roommates.", {"self.age = 29"}),
        ("Ana turned 30 yesterday.", {"self.age = 30"}),
        ("turned 30 yesterday btw", {"self.age = 30"}),
        ("Ana's son is 5 years old.", {"self's son.age = 5"}),
        ("The score is 3.", set()),
        ("Ana has painted since Ana was 17.", set()),
        ("I'm 5 minutes away.", set()),
        # what someone charges is no age
        ("my tutor is great, she's £35 an hour", set()),
        ("Ana's cleaner is 20 quid an hour now.", set()),
        ("she's 35 and a tutor", {"she.age = 35"}),
        # a past verb with its "I" dropped, spliced before another clause by a comma, is the speaker's
        ("moved to york last year, my brother lives nearby", {"self.residence = york"}),
        ("sold the van, my son bought a scooter", {"self.ownership[van] = none", "self's son.ownership[scooter] = yes"}),
        ("When Tom moved to York, his brother cried.", {"tom.residence = york"}),
        ("Having moved to York, Tom is happier.", {"tom.residence = york"}),
        # a lowercase "name" after a common noun is that noun's ("pass mark"), unless the noun says who it is
        ("it's all coursework. pass mark is 40", set()),
        ("the final is 60%. pass mark is 40", set()),
        ("uncle mark is 60.", {"mark.age = 60"}),
        ("cousin jack is 12.", {"jack.age = 12"}),
        # two measured things before "it", or none: whose the sum is, is not said
        ("My rent and my salary both changed, it's £1,300 now.", set()),
        ("The landlord called about the leak, it's £300 to fix.", set()),
        # a named employer quit or left (one quits a company, not a person; one leaves a city too): that employer
        # ends, not whatever job is held by then
        ("I quit Brightwave last friday.", {"self.employer = not brightwave"}),
        ("I quit Brightline.", {"self.employer = not brightline"}),  # tagged a town
        ("I quit my job last friday.", {"self.job = none", "self.employer = none"}),
        ("I quit my job in Leeds.", {"self.job = none", "self.employer = none"}),
        ("I quit my job at Easter.", {"self.job = none", "self.employer = none"}),
        ("I handed my notice in at the Hilton today.", {"self.employer = not hilton"}),
        ("Tariq resigned from Harcourt last week.", {"tariq.employer = not harcourt"}),
        ("I retired from the NHS in March.", {"self.job = none", "self.employer = none"}),
        # what suits someone is no employer; working for oneself is
        ("Early may works for Ana.", set()),
        ("thursday works for me, let's do lunch", set()),
        ("That works for us.", set()),
        ("Friday works for Ana for the call with the recruiter.", set()),
        ("Thursday works for Ana.", set()),
        ("I work for myself now.", {"self.employer = myself"}),
        ("Ana's brother works for the council.", {"self's brother.employer = council"}),
        ("I quit London.", set()),  # a known town is no employer
        # jobs beyond the occupation list: a rank or a firm makes an agent noun a job; an agent noun alone does not
        ("I'm a logistics planner at Jaguar Land Rover now.", {"self.job = logistics planner", "self.employer = jaguar land rover"}),
        ("I'm a senior planner.", {"self.job = senior planner"}),
        ("I got promoted to head baker.", {"self.job = head baker"}),  # "to head" tagged an infinitive
        ("I'm a runner.", set()),
        ("I'm a chain smoker.", set()),
        ("I'm a member at Soho House.", set()),
        ("I'm a season ticket holder at Arsenal.", set()),
        ("I'm also a carer for my mum.", set()),
        ("I'm a senior citizen.", set()),
        # working for oneself: a job with no employer; between jobs: none
        ("I'm self-employed now.", {"self.job = self-employed", "self.employer = none"}),
        ("I went freelance in May.", {"self.job = freelance", "self.employer = none"}),
        ("I'm freelancing full time now.", {"self.job = freelance", "self.employer = none"}),
        ("I'm freelancing for Netflix.", set()),
        ("I'm between jobs at the moment.", {"self.job = none", "self.employer = none"}),
        # a participle that describes a thing, or a denial, ends no job
        ("We adopted a retired greyhound.", set()),
        ("I'm not retired.", set()),
        ("I didn't quit my job.", set()),
        ("My dad retired last year.", {"self's dad.job = none", "self's dad.employer = none"}),
        # a list of medicines: what is said of the first is said of each
        ("I take metformin 500mg and ramipril 5mg.", {"self.medication[metformin] = 500 mg", "self.medication[ramipril] = 5 mg"}),
        ("I stopped the naproxen and the omeprazole.", {"self.medication[naproxen] = none", "self.medication[omeprazole] = none"}),
        ("I came off sertraline and citalopram is working much better.", {"self.medication[sertraline] = none"}),
        ("I stopped sertraline and citalopram can wait.", {"self.medication[sertraline] = none"}),
        # a singular medicine the parse makes the subject of a verb it cannot agree with is still listed
        ("im on sertraline 50mg and the pill so remind me to order more", {"self.medication[sertraline] = 50 mg", "self.medication[pill] = yes"}),
        # the pill is a medicine taken; a pill is not
        ("I'm on sertraline 50mg and the pill.", {"self.medication[sertraline] = 50 mg", "self.medication[pill] = yes"}),
        ("I came off the pill last month.", {"self.medication[pill] = none"}),
        # the kind of medicine said first, then its name: the name is what is taken
        ("I'm on an antidepressant, sertraline 50mg.", {"self.medication[sertraline] = 50 mg"}),
        ("I'm on a diet, water, since May.", set()),
        ("I took a pill for my headache.", set()),
        ("I was between jobs when we met.", set()),
        # a home bought is where one lives, unless it is a holiday home, someone else's or furniture
        ("We bought a bungalow in Scarborough.", {"self.residence = scarborough"}),
        ("We bought a holiday home in Spain.", {"self.ownership[home] = yes"}),
        ("I bought a new bed in Ikea.", set()),
        # a pet put down; a diet one does
        ("We had to have Tilly put down.", {"self.ownership[tilly] = none"}),
        ("We had our dog put to sleep last week.", {"self.ownership[dog] = none"}),
        # a pet given up by its name alone; pets beyond cats and dogs
        ("we had to rehome Tofu", {"self.ownership[tofu] = none"}),
        ("We didn't rehome Tofu.", set()),
        ("I lost Max at the park for ten minutes today.", set()),  # lost for a moment
        ("We have a goldfish now.", {"self.ownership[goldfish] = yes"}),
        ("We got a tortoise called Shelly.", {"self.ownership[tortoise] = yes", "self.ownership[shelly] = yes"}),
        ("I put down a deposit on the flat.", set()),
        ("I'm doing keto now.", {"self.diet = keto"}),
        ("I did keto for a month.", set()),
        # chat's contractions without the apostrophe
        ("im a nurse", {"self.job = nurse"}),
        ("im vegan now", {"self.diet = vegan"}),
        ("ive moved to leeds", {"self.residence = leeds"}),
        ("She prescribed naproxen for my mum.", {"self's mum.medication[naproxen] = yes"}),
        # a known town written in lower case, where a place goes; an everyday word there, or with an article, is none
        ("i live in leeds, the office is a 10 min walk", {"self.residence = leeds"}),
        ("we moved to san francisco in may", {"self.residence = san francisco"}),
        ("we moved to solihull on the 14th", {"self.residence = solihull"}),  # parsed as "to <verb>"
        ("i live in hope", set()),
        ("i live in paradise lol", set()),
        ("we moved to mobile", set()),  # a town, but an everyday word
        ("I live in the reading room.", set()),
        ("we moved to help my mum", set()),
        ("Ana left Google in May.", {"self.employer = not google"}),
        ("Ana left Paris in May.", set()),
        ("I quit smoking.", {"self.activity[smoke] = none"}),  # a habit, not a job
        ("Ana got a new job by the way.", set()),  # "by the way" names no employer
        # a name before the job got is its firm, whatever the tagger calls it; a place, a day or a listing is none
        ("I got the Monzo job!!", {"self.employer = monzo"}),
        ("Tom landed the Deloitte role.", {"tom.employer = deloitte"}),
        ("I took the London job.", set()),
        ("I got the Friday job.", set()),
        ("I found the Monzo job on LinkedIn.", set()),
        # leaving a job had before the one now ends nothing now; leaving the job one has does
        ("Honestly I quit my last role over less than that.", set()),
        ("Tom left his former job at the bank to retrain.", set()),
        ("I walked out of my old job for a smaller offer.", set()),
        ("I left my previous job after a year.", set()),
        ("I left my job last week.", {"self.job = none", "self.employer = none"}),
        ("Tom quit his job at the bank.", {"tom.job = none", "tom.employer = none"}),
        # a pastime kept up or dropped: only the move between the two is a change
        ("Ana swims every Tuesday at the community pool.", {"self.activity[swim] = yes", "self.schedule[swim] = every tuesday"}),
        ("I go to the gym three times a week.", {"self.activity[go gym] = yes", "self.quantity[go gym per week] = 3"}),
        ("I go to the gym every morning before work", {"self.activity[go gym] = yes"}),  # "every" hung on "before"
        ("Ana stopped swimming last week because of the ankle.", {"self.activity[swim] = none"}),
        ("I don't play tennis anymore.", {"self.activity[play tennis] = none"}),
        ("I took up running last month.", {"self.activity[run] = yes"}),
        # a pastime one does: kept up with "do", ended by stopping doing it or by naming it
        ("I do yoga three times a week.", {"self.activity[do yoga] = yes", "self.quantity[do yoga per week] = 3"}),
        ("I stopped doing yoga, my back went.", {"self.activity[do yoga] = none"}),
        ("Ella does ballet twice a week now.",
         {"ella.activity[ballet] = yes", "ella.activity[do ballet] = yes", "ella.quantity[ballet per week] = 2"}),
        ("I do a lot of work every day.", set()),
        ("Does Ella do ballet every week?", set()),
        ("I don't swim every week.", set()),
        ("I do miss him every day.", set()),  # a stressed "do" before a feeling
        # a stop for a stretch said is a pause
        ("I stopped running for two weeks because of my knee.", set()),
        ("I've taken up tennis tbh", {"self.activity[tennis] = yes"}),
        # an instrument is played, however it was taken up; a habit's noun is the habit; a habit back again
        ("I've given up the guitar.", {"self.activity[play guitar] = none"}),
        ("just started learning the guitar", {"self.activity[play guitar] = yes"}),
        ("I've given up cigarettes again, for good this time", {"self.activity[smoke] = none"}),
        ("i'm smoking again. like half a pack a day", {"self.activity[smoke] = yes"}),
        ("I'm back to running.", {"self.activity[run] = yes"}),
        ("back to the guitar again", {"self.activity[play guitar] = yes"}),
        ("I'm back to pottery, tuesdays now", {"self.activity[pottery] = yes", "self.activity[go pottery] = yes",
                                               "self.activity[play pottery] = yes", "self.activity[do pottery] = yes"}),
        ("I'm back to work on Monday", set()),
        ("We're back to school next week", set()),
        ("I'm back to the gym tomorrow", set()),
        ("I'm not back to pottery yet", set()),
        ("I'm not drinking again.", set()),
        ("I'm seeing him again on Friday.", set()),
        ("Ana swam a lot last summer.", set()),  # past, no habit now
        ("Ana is going to stop drinking coffee.", set()),
        # a relative named in apposition sets both keys; "he" after the one person named is that person
        ("Ana's brother Tom moved to Denver.", {"self's brother.residence = denver", "tom.residence = denver"}),
        ("Tom didn't like Denver, he moved back to Portland.", {"tom.residence = portland"}),
        ("He moved to Portland after Tom left.", {"he.residence = portland"}),  # the name comes after the pronoun
        # the future is read per clause: a hope in one sentence is no plan in the next
        ("Ana hopes it heals fast. Ana's brother moved to Denver.", {"self's brother.residence = denver"}),
        ("Ana is thinking about moving to Lisbon.", set()),
        # a hedge or a supposition is no state that holds: "might", "may", "could", "would", "should"
        ("I might move to Bristol, not sure yet.", set()),
        ("Ana may be moving to Leeds.", set()),
        ("We could get a dog.", set()),
        ("I'd quit my job tomorrow if I could.", set()),
        ("I'd moved to Leeds by then.", {"self.residence = leeds"}),  # "'d" for "had" is no modal
        # a decision taken is a plan, not yet a state
        ("I've decided to move to Berlin in June.", set()),
        ("We've decided to sell the car in May.", set()),
        # arranged for a date ahead, a change is a plan, not yet a state (the wedding's day is an arrangement); a
        # pet that died is no longer owned
        ("Ana and Tom are getting married in June.", {"self.appointment[wedding] = june"}),
        ("We're getting married on 14 September.", {"self.appointment[wedding] = 14 september"}),
        # ... and with no day said, the couple getting married is engaged now, not married
        ("My brother is getting married.", {"self's brother.relationship = engaged"}),
        ("My brother got married in May.", {"self's brother.relationship = married"}),
        # getting married asked, or said of everyone: nobody's state (a denial is read as the married denied)
        ("All my friends are getting married except me.", set()),
        ("Everybody is getting married but me.", set()),
        ("Are you getting married soon?", set()),
        ("Is Priya getting married", set()),
        ("Ana is moving to Berlin next month.", set()),
        ("Ana is living in Berlin these days.", {"self.residence = berlin"}),
        ("Ana's cat Milo passed away.", {"self.ownership[cat] = none", "self.ownership[milo] = none",
                                          "self's cat.life = dead", "milo.life = dead"}),
        # a pet's name is kept with it, so its death told by the name alone ends it
        ("We adopted a cat named Pepper.", {"self.ownership[cat] = yes", "self.ownership[pepper] = yes"}),
        ("We got a dog, Max.", {"self.ownership[dog] = yes", "self.ownership[max] = yes"}),
        ("I got a kitten yesterday, her name is Pixel.", {"self.ownership[kitten] = yes", "self.ownership[pixel] = yes"}),
        ("We got a puppy last week, a beagle called Biscuit.",
         {"self.ownership[puppy] = yes", "self.ownership[biscuit] = yes"}),
        ("Pepper passed away last week.", {"self.ownership[pepper] = none", "pepper.life = dead"}),
        ("We adopted a dog from a charity called Dogs Trust.", {"self.ownership[dog] = yes"}),  # the charity's name
        ("I got a kitten from my neighbour, her name is Priya.", {"self.ownership[kitten] = yes"}),  # whose "her"?
        ("My grandad passed away.", {"self's grandad.life = dead"}),  # a person, no pet
        ("Ana started a new job as a nurse at City Hospital.", {"self.job = nurse", "self.employer = city hospital"}),
        ("Ana took the job as a favour.", set()),
        # what one used to do or be is past: the state now is what follows, a habit it names is dropped
        ("Ana used to live in Chicago but moved to Seattle in 2019.", {"self.residence = seattle"}),
        ("Ana used to swim every day.", {"self.activity[swim] = none"}),
        # a vegetarian who eats fish again is a pescatarian; a clause before "my doctor said ..." is no quote
        ("Ana started eating fish again, Ana's doctor said Ana needs more protein.",
         {"self.diet = pescatarian", "self.activity[eat fish] = yes"}),
        ("Ana eats meat again.", {"self.diet = omnivore"}),
        ("I'm back to eating meat.", {"self.diet = omnivore"}),
        # "X, not Y" sets Y aside and negates nothing of X
        ("My yoga class is on Thursdays at 6pm, not Wednesdays.", {"self.schedule[yoga class] = thursday 6pm"}),
        # a recurring event of any name, with every day and time said, keyed by its name and its owner's
        ("Ana's huddle is at 9:15 every weekday.", {"self.schedule[huddle] = 9:15 every weekday"}),
        ("Ana's piano lessons are on sundays rather than saturdays now.", {"self.schedule[piano lesson] = sunday"}),
        # a habit of a stay gone by, a place's hours, a state, a symptom: no one's schedule
        ("We had lunch by the river every day in Rome.", set()),
        ("The museum has free entry on wednesdays.", set()),
        ("The tram is late every day.", set()),
        ("Ana has headaches every morning.", set()),
        ("Ana's counselling is every other tuesday at 4.", {"self.schedule[counselling] = every other tuesday 4"}),
        ("Ana's gym days are monday and friday.", {"self.schedule[gym day] = monday friday"}),
        ("Ana's 1:1s are on tuesdays at 4 now.", {"self.schedule[1:1] = tuesday 4"}),
        ("Ana's son Leo has violin lessons saturdays 9am.",
         {"leo.schedule[violin lesson] = saturday 9am", "self's son.schedule[violin lesson] = saturday 9am"}),
        ("Tennis lessons for Noah are tuesdays at 4 now.", {"noah.schedule[tennis lesson] = tuesday 4"}),
        ("Tom's standup is at 10 every day.", {"tom.schedule[standup] = 10 every day"}),
        # short weekday names and ranges of days, as chat writes them; the verb and the thing they also spell stay out
        ("Ana's huddle is 9:15 mon-fri.", {"self.schedule[huddle] = 9:15 monday to friday"}),
        ("Ana's 1:1s are every other thurs at 3.", {"self.schedule[1:1] = every other thursday 3"}),
        ("Ana's drum lessons are tues and fri at 6.", {"self.schedule[drum lesson] = tuesday friday 6"}),
        ("Ana's shifts are Tuesday to Saturday.", {"self.schedule[shift] = tuesday to saturday"}),
        # a school that breaks up for the holidays parts no couple
        ("The kids break up for half term on Friday.", set()),
        ("School broke up on the 19th.", set()),
        ("Ana and Tom broke up in March.", {"self.relationship = single", "self.relationship[tom] = ex"}),
        ("Ana sat in the sun on sunday.", set()),
        # moved: every day it moved to; a routine's new time alone; "it" as the one event named before it
        ("Ana's french class moved to mondays and thursdays.", {"self.schedule[french class] = monday thursday"}),
        # the first or last class of a series is one day, its start or end, not the day it comes round on
        ("Mia had her last swimming lesson on Friday.", set()),
        ("Ana's first pottery class is on Tuesday.", set()),
        ("Ana's pottery class is on Tuesday.", {"self.schedule[pottery class] = tuesday"}),
        ("Noah's football moved to wednesdays 5:30.", {"noah.schedule[football] = wednesday 5:30"}),
        ("Ana's standup is back to 9 since the reorg.", {"self.schedule[standup] = 9"}),
        ("the standup is fine, they moved it to 11.", {"self.schedule[standup] = 11"}),
        ("Ana noted: choir rehearsal every other monday at 7.", {"self.schedule[choir rehearsal] = every other monday 7"}),
        # a children's club named by its members is a schedule and a pastime kept up, had or got ("'s got" parsed
        # as a passive or a possessive), or done; a pastime done or started on days; parts of the day said plural
        ("Zoe has Rainbows on Wednesdays after school.", {"zoe.schedule[rainbows] = wednesday", "zoe.activity[rainbows] = yes"}),
        ("Sam's got Scouts on Friday nights.", {"sam.schedule[scouts] = friday night", "sam.activity[scouts] = yes"}),
        ("Noah is doing Beavers on Tuesday evenings now.",
         {"noah.schedule[beavers] = tuesday evening", "noah.activity[beavers] = yes"}),
        ("Ella does netball on Thursdays.", {"ella.schedule[netball] = thursday"}),
        ("Leo's starting judo on Saturday mornings.", {"leo.schedule[judo] = saturday morning"}),
        ("We ate brownies on Tuesdays.", set()),
        ("The Cubs won on Sunday.", set()),
        ("I support the Cubs.", set()),
        ("Leo wants to start drum lessons, 45 mins on Fridays.", set()),  # a length is no event
        # one's turn on a rota of days: days done, or a child had on them; "from <month>" says from when
        ("Sam does Mondays now.", {"sam.schedule[rota] = monday"}),
        ("My dad has them Wednesdays now.", {"self's dad.schedule[rota] = wednesday"}),
        ("I have the kids every other weekend.", {"self.schedule[rota] = every other weekend"}),
        ("I can't do Fridays anymore from June.", {"self.schedule[rota] = not friday"}),
        ("Tom did Mondays last year.", set()),
        ("We have them over on Sundays.", set()),
        ("Sam does the rest.", set()),
        ("Can you do Thursday?", set()),
        ("I have Tom's number.", set()),
        # one-off events, what an event is like, a spell of one week and a thing moved are no recurring schedule
        ("Ana's meeting is on Tuesday at 3.", {"self.appointment[meeting] = tuesday"}),
        ("Ana's party is on Saturday at 8.", {"self.appointment[party] = saturday"}),
        ("Ana's yoga class was great.", set()),
        ("The standup dragged on today.", set()),
        ("The pool is open every day.", set()),
        ("The bus was late every day this week.", set()),
        ("Ana's mum is at work every weekday.", set()),
        ("Mondays are busy for Ana.", set()),
        ("Ana moved the sofa to the hall.", set()),
        ("the flat is great, they painted it on saturday.", set()),
        ("I live in Leeds, not York.", {"self.residence = leeds"}),
        ("I went back to eating fish.", {"self.diet = pescatarian"}),
        ("Back to eating meat once the month is over.", set()),
        # a diet the parse made the head of its clause ("gone" as an auxiliary); a spell of a diet that ended
        ("Also I've gone mostly vegetarian since mid-February, my flatmate got me into it.", {"self.diet = vegetarian"}),
        ("The vegetarian thing lasted till May.", {"self.diet = not vegetarian"}),
        ("My sister's vegan phase ended in March.", {"self's sister.diet = not vegan"}),
        ("The vegetarian lasagna lasted till Monday.", set()),
        # a diet taken up by its name, being on one, and one ended
        ("I started paleo last month.", {"self.diet = paleo"}),
        ("We're starting keto on Monday.", set()),  # ahead
        ("My brother is on keto now.", {"self's brother.diet = keto"}),
        ("Ana has stopped being vegetarian.", {"self.diet = not vegetarian"}),
        ("I gave up on paleo after a month.", {"self.diet = not paleo"}),
        ("I started vegan baking.", set()),
        # what nearly happened, a spell over, one ended at once, and a stopping denied
        ("I almost gave up on keto but stuck with it.", set()),
        ("I was on keto for a month last year.", set()),
        ("I started paleo but quit after a week.", set()),
        ("I never stopped being vegetarian.", {"self.diet = vegetarian"}),
        # a drink given up, cut out or taken up again is one habit
        ("I've given up coffee.", {"self.activity[drink coffee] = none"}),
        ("I cut out tea completely.", {"self.activity[drink tea] = none"}),
        ("I'm back on coffee.", {"self.activity[drink coffee] = yes"}),
        ("I'm drinking coffee again.", {"self.activity[drink coffee] = yes"}),
        ("I cut out the sugary stuff.", set()),
        ("We're back on track.", set()),
        ("I moved to Paris, she said.", set()),
        # seeing someone is dating; seeing someone on a date, or a therapist, is not
        ("Ana started seeing someone new.", {"self.relationship = dating"}),
        ("I've been seeing Marcus.", {"self.relationship = dating"}),
        ("Ana is seeing Tom on Friday.", set()),
        ("Ana is seeing a therapist.", set()),
        ("I've been seeing Hannah for a month.", {"self.relationship = dating"}),  # a length is no date
        # a partner named by what they are to someone; a business partner is none, nor a boyfriend's job
        ("Marcus is my boyfriend now.", {"self.relationship = dating", "self.relationship[marcus] = dating"}),
        ("She's my wife.", {"self.relationship = married"}),
        ("Ana is Tom's girlfriend.", {"tom.relationship = dating", "tom.relationship[ana] = dating"}),
        ("He's my business partner.", set()),
        ("Funny, Tom was my boyfriend at uni and now he's my boss.", {"self.boss = tom"}),  # who he is, not who he was
        ("Sam is my partner in crime at work lol.", set()),
        # a physio, a couple one sees, or seeing someone for one's knee is no dating
        ("I've been seeing Jo, my physio, for six weeks.", set()),
        ("We've been seeing Tom and Lily a lot for a few months.", set()),
        ("I've been seeing Anna for two weeks for my knee.", set()),
        ("My boyfriend is a chef.", set()),
        # a break-up or a return told with a clause spliced on after a comma
        ("Karim and I split up, I don't want to talk about it much.",
         {"self.relationship = single", "self.relationship[karim] = ex"}),
        ("We got back together, giving it another go.", {"self.relationship = dating"}),
        # a body part healed: the speaker's injury, not another's
        ("Ana's ankle is fully healed.", {"self.health[ankle injury] = recovered"}),
        ("Tom's knee is fully healed.", set()),
        # a diagnosis is the patient's, not the doctor's
        ("My GP diagnosed me with depression.", {"self.health[depression] = has"}),
        ("The GP diagnosed my mum with diabetes.", {"self's mum.health[diabetes] = has"}),
        ("I've been diagnosed with anxiety.", {"self.health[anxiety] = has"}),
        # a condition gone, stopped or cleared up is over for its owner; one that went elsewhere, or has not gone, is not
        ("My cough's gone.", {"self.health[cough] = recovered"}),
        ("The migraines have stopped.", {"self.health[migraine] = recovered"}),
        ("My mum's cough is gone.", {"self's mum.health[cough] = recovered"}),
        ("The rash cleared up.", set()),  # no condition the slot knows
        ("The cough hasn't gone.", set()),
        ("My cough isn't gone.", set()),
        ("The flu went around the office.", set()),
        ("My anxiety has stopped me going out much.", set()),  # it stops the speaker, it has not stopped
        ("Is your cough gone?", set()),
        ("My cough is almost gone.", set()),
        # a recovery under way is not over; a trip one is back from is no condition
        ("I'm still recovering from the flu.", set()),
        ("Tom is recovering from pneumonia.", set()),
        ("just back from download, still recovering lol", set()),
        ("I've fully recovered from the flu.", {"self.health[flu] = recovered"}),
        # a condition flaring up is had by its owner, no pastime; one asked after or denied is not, nor a temper
        ("My psoriasis is flaring up again.", {"self.health[psoriasis] = has"}),
        ("Mum's gout flared up at the weekend.", {"self's mum.health[gout] = has"}),
        ("My asthma has been playing up all week.", {"self.health[asthma] = has"}),
        ("Is your eczema flaring up?", set()),
        ("My eczema hasn't flared up since June.", set()),
        ("Tempers flared at the meeting.", set()),
        ("The kids are playing up today.", set()),
        # notice handed in ends the job, notice to a landlord does not; a promotion names the employer
        ("Ana handed in Ana's notice at Amazon.", {"self.employer = not amazon"}),
        ("Ana gave notice to the landlord.", set()),
        # notice given may be a gym's or a tenancy's: it ends a job only as one's own, handed in or given at work
        ("Ana has given notice to the climbing wall.", set()),
        ("Ana gave notice, the gym was never open anyway.", set()),
        ("The letting agent gave six weeks notice.", set()),
        ("Ana gave her notice this morning.", {"self.job = none", "self.employer = none"}),
        ("Ana had to give a month's notice at work.", {"self.job = none", "self.employer = none"}),
        ("Ana gave in her notice.", {"self.job = none", "self.employer = none"}),
        # the speaker's notice given bare, with its length, or to someone at work is their job's
        ("Ana gave three weeks' notice on Friday.", {"self.job = none", "self.employer = none"}),
        ("Ana has given notice, her last shift is Sunday.", {"self.job = none", "self.employer = none"}),
        ("Ana gave notice to her supervisor.", {"self.job = none", "self.employer = none"}),
        # guards: notice on a home, to a club, or by someone else to the speaker
        ("Ana gave a month's notice on the flat.", set()),
        ("Ana gave notice to the swimming club.", set()),
        ("The landlady gave us eight weeks notice.", set()),
        ("Ana gave the nanny two weeks notice.", set()),
        # notice to a firm one buys from, said beside its deliveries, is no job's; one's own last shift still is
        ("Ana gave notice, last delivery from Dairy Crest is on monday.", set()),
        ("Ana has given notice to the wholesaler, their prices went mad.", set()),
        ("Ana gave notice, her last day at the cafe is friday.", {"self.job = none", "self.employer = none"}),
        ("Ana handed in her notice at the depot, last delivery round is friday.", {"self.job = none", "self.employer = none"}),
        ("Ana got promoted to senior designer at Figma.", {"self.job = senior designer", "self.employer = figma"}),
        # a new job said with "as" or at an organisation; a place one starts at is no employer
        ("I just started at Google as a product manager.", {"self.job = product manager", "self.employer = google"}),
        ("I joined Google last month as a designer.", {"self.job = designer", "self.employer = google"}),
        ("I started at the gym last week.", set()),
        # where one still is, or now is for good, is where one works; where one is right now is not
        ("Now that I'm at Google my weekends are free.", {"self.employer = google"}),
        ("I'm at Tesco now, need anything?", set()),
        ("I'm still at Tesco, does Sam want anything?", set()),  # where one is right now
        # back together, no longer with someone, moved back home to a place
        ("Jake and I got back together.", {"self.relationship = dating", "self.relationship[jake] = dating"}),
        ("I'm no longer with Jake.", {"self.relationship = single"}),
        ("We got together for lunch.", set()),
        ("I moved back home to Ohio.", {"self.residence = ohio"}),
        # a thing or someone else moved is no move of home: an event, "it", a parent moved to a place
        ("moved it to Bath, Bristol was fully booked", set()),
        ("They moved the wedding to Brighton.", set()),
        ("Tom moved his mum into a flat in Bath.", set()),
        ("We moved house to Bath in March.", {"self.residence = bath"}),
        ("I moved all my stuff to Leeds.", {"self.residence = leeds"}),
        # the movers themselves, all one has, a pet, or the speaker moved by an employer: a move of home
        ("We moved ourselves up to Glasgow.", {"self.residence = glasgow"}),
        ("I relocated myself to Bath.", {"self.residence = bath"}),
        ("We moved it all to Bath in May.", {"self.residence = bath"}),
        ("I moved the cat to Bath with me.", {"self.residence = bath"}),
        ("Work relocated us to Glasgow.", {"self.residence = glasgow"}),
        # the same states said other ways: not with someone anymore, made redundant or let go, a relative recovered,
        # a pastime taken up, given up or kept up so often, a new address
        ("I'm not with Dan anymore.", {"self.relationship = single"}),
        ("I was made redundant in February.", {"self.job = none", "self.employer = none"}),
        ("I got let go last month.", {"self.job = none", "self.employer = none"}),
        # ... or by the employer, in the active; a thing fired is no job lost
        ("Trattoria Nonna let Ana go on Monday.", {"self.job = none", "self.employer = none"}),
        ("They fired me last week.", {"self.job = none", "self.employer = none"}),
        ("The bank laid Ana off in May.", {"self.job = none", "self.employer = none"}),
        ("They let Tom go.", {"tom.job = none", "tom.employer = none"}),
        ("I fired the kiln.", set()),
        # letting someone go somewhere, or first, or not at all, is no dismissal
        ("Mum let Ana go to the party.", set()),
        ("Ana's boss let Ana go home early today.", set()),
        ("Ana let Sam go first.", set()),
        ("Ana's boss won't let Ana go on holiday.", set()),
        ("They fired Ana up.", set()),
        # the events a group dates and moves
        ("The client demo is on Thursday.", {"self.appointment[client demo] = thursday"}),
        # the day a booking was made is not the day booked
        ("Tom booked his dentist appointment last week.", set()),
        ("I booked my flight yesterday for next Friday.", {"self.appointment[flight] = next friday"}),
        ("I booked my flight for Monday.", {"self.appointment[flight] = monday"}),
        ("The meeting was set for last Monday.", {"self.appointment[meeting] = last monday"}),
        ("This step is redundant.", set()),
        ("My mum is fully recovered.", {"self's mum.health = recovered"}),
        ("I go bouldering twice a week.", {"self.activity[bouldere] = yes", "self.quantity[bouldere per week] = 2"}),
        ("I don't go bouldering anymore.", {"self.activity[bouldere] = none"}),
        ("I gave up pottery.", {"self.activity[pottery] = none", "self.activity[go pottery] = none",
                                "self.activity[play pottery] = none", "self.activity[do pottery] = none"}),
        ("I picked up the kids.", set()),
        ("My new address is 5 Elm Road, York.", {"self.residence = 5 elm road, york"}),
        ("I live on Baker Street in Leeds.", {"self.residence = leeds"}),
        # a home rented or shared is where one lives; a phrase said between does not hide the place moved to
        ("I rent a one-bed in Didsbury.", {"self.residence = didsbury"}),
        ("I share a flat in Leeds with two nurses.", {"self.residence = leeds"}),
        ("I rent a car in Spain.", set()),
        ("Ana rented a cottage in Cornwall for the week.", set()),  # a stay, not a home
        ("Ana is renting an apartment in Lisbon for the weekend.", set()),
        ("And I moved again, only round the corner, to a bigger flat in Dalston.", {"self.residence = dalston"}),
        # one's own news under one's own hedge is told; another's, or a thought of the past, is not
        ("I think I've basically given up climbing.", {"self.activity[climb] = none"}),
        ("I think Tom has given up climbing.", set()),
        ("I thought I had given up climbing.", set()),
        ("Ana lives on a boat.", set()),
        # back where one lives; a chat word the parse joins to the place is no part of it
        ("I'm back in Toronto.", {"self.residence = toronto"}),
        ("I'm back in Leeds for good.", {"self.residence = leeds"}),  # "for good" is no purpose of a stay
        ("I'm back in Leeds on Friday.", set()),  # an arrival ahead
        ("I was back in Leeds for a week.", set()),
        ("I'm in Paris this week.", set()),
        ("The book is back in stock.", set()),
        ("i live in bristol atm", {"self.residence = bristol"}),
        # what is no death, no widowhood, no move's end, no home, no patient, no boss's name
        ("Mum is dying to meet you.", set()),
        ("Dad nearly died in the crash.", set()),
        ("Dad died his hair.", set()),
        ("My business partner died last week.", {"self's partner.life = dead"}),
        ("I moved out of London to Brighton.", {"self.residence = brighton"}),
        ("I'm back in Paris for a conference.", set()),
        ("I'm back in Leeds visiting family.", set()),
        ("I'm in hospital visiting Gran.", set()),
        ("My manager is Mr Smith.", {"self.boss = smith"}),
        ("My son is just over 2.", {"self's son.age = 2"}),
        ("I make $20 an hour.", {"self.quantity[pay per hour] = $20"}),
        ("I make 200 quid a week on the side from tutoring.", set()),
        # one who no longer drinks
        ("I'm teetotal now.", {"self.activity[drink] = none"}),
        ("i went teetotal in january", {"self.activity[drink] = none"}),
        ("My dad is teetotal.", {"self's dad.activity[drink] = none"}),
        ("I was teetotal for a year.", set()),
        ("It's a teetotal wedding.", set()),
        # a course of study: one at a time, ended by graduating, finishing, dropping out or leaving
        ("I'm doing a PhD in chemistry at Leeds.", {"self.study = phd"}),
        ("I started my nursing degree in September.", {"self.study = nursing degree"}),
        ("I'm studying law at King's.", {"self.study = law"}),
        # a switch to a subject is the course now; to anything else, no course
        ("I switched from history to law.", {"self.study = law"}),
        ("I'm switching to computer science.", {"self.study = computer science"}),
        ("I switched to decaf.", set()),
        # a department, a language or a pastime is a course only switched to from another subject
        ("I've been transferred to finance.", set()),
        ("I switched to English because he didn't speak Spanish.", set()),
        ("I switched from economics to business.", {"self.study = business"}),
        ("im doing an MA in history", {"self.study = ma"}),
        ("I'm a law student.", {"self.study = law"}),
        ("I graduated in July!", {"self.study = none"}),
        ("I finished my degree last month.", {"self.study = none"}),
        ("She dropped out of her masters in March.", {"she.study = none"}),
        ("I dropped out of uni.", {"self.study = none"}),
        ("I quit uni, it wasn't for me.", {"self.study = none"}),
        ("I'm doing a PhD.", {"self.study = phd"}),  # the tokenizer keeps the full stop on the abbreviation
        ("I'm a mature student.", {"self.study = yes"}),
        ("I'm a second year student.", {"self.study = yes"}),
        # a student at a university studies there: no job, no employer (a job beside the course stays)
        ("I'm a third year physics student at Durham.", {"self.study = physics"}),
        ("I'm a PhD student at Imperial.", {"self.study = phd"}),
        ("I'm a student nurse at St Mary's.", {"self.job = student nurse"}),
        ("I'm a barista at Pret.", {"self.job = barista", "self.employer = pret"}),
        ("I'm studying French on Duolingo.", set()),
        ("I'm leaving uni for the summer.", set()),
        ("I left college at 5pm today.", set()),
        ("I graduated from rehab last month.", set()),
        ("I graduated from Leeds in July.", {"self.study = none"}),
        ("I graduated in 2019 and now I'm doing a masters.", {"self.study = masters"}),
        ("My sister graduated yesterday.", {"self's sister.study = none"}),
        ("I did my PhD at Leeds.", set()),  # a course done says nothing of now
        ("I didn't graduate.", set()),
        ("I dropped out of the race.", set()),
        ("I left the university at 5.", set()),
        ("I'm studying for my exams.", set()),
        ("I'm studying 20 hours a week now.", {"self.quantity[study hour] = 20"}),
        ("I'm taking a first aid course.", set()),
        # leaving a course said with "withdraw from" or "drop out of" a subject one reads, or its course
        ("He withdrew from his biology course last month.", {"he.study = none"}),
        ("I've withdrawn from the masters.", {"self.study = none"}),
        ("She dropped out of economics in her first term.", {"she.study = none"}),
        ("I withdrew from the race.", set()),
        ("I withdrew from the history society.", set()),
        ("I withdrew £50 from the cash machine.", set()),
        ("I dropped out of the project.", set()),
        # joining a course by its name; a class, an exam or someone else enrolled is none
        ("I've enrolled in a law degree at Kent.", {"self.study = law degree"}),
        ("She enrolled onto a part time MA in philosophy.", {"she.study = ma"}),
        ("I enrolled on a pottery class.", set()),
        ("I registered for the June exam.", set()),
        ("She enrolled her son in the local school.", set()),
        # "a part time MA": the parse makes "time" the object and hangs the course beside it
        ("I'm doing a full time MA in philosophy.", {"self.study = ma"}),
        # the clipped name of a subject
        ("I'm switching to poli sci.", {"self.study = poli sci"}),
        # a course as what starts: begun is now (a day ahead is a plan, below)
        ("My masters started last week.", {"self.study = masters"}),
        ("My shift starts at 9.", set()),
        ("The course started last week.", set()),
        # a chat word the parse took for the noun is no pastime's object
        ("I started going to the gym btw, tuesdays and thursdays", {"self.activity[go gym] = yes"}),
        ("my ma is coming over", set()),
        # a length before the noun names which appointment: a one month checkup is not the three month one
        ("My three month checkup is on Friday.", {"self.appointment[three month checkup] = friday"}),
        # "have got" is "have"; a bare "got" is had or received
        ("I've got an interview with Arup on Friday.", {"self.appointment[interview] = friday"}),
        ("Ana has got a dentist appointment next Tuesday.", {"self.appointment[dentist appointment] = next tuesday"}),
        ("I got a haircut on Friday.", set()),
        # a thing due on a day, and a wedding ahead on a day, are arrangements of that day
        ("My thesis is due on the 15th of May.", {"self.appointment[thesis] = 15th"}),
        ("The essay is due Friday.", {"self.appointment[essay] = friday"}),
        ("It's due June 1st now.", set()),  # whose thing, the memory does not say
        ("We're getting married on the 8th of June.", {"self.appointment[wedding] = 8th"}),
        ("We got married on the 8th of June.", {"self.relationship = married"}),  # a past day, no arrangement
        # an event moved "from" one time "to" another is at the new time alone; a range said of no move is both
        ("Ana's piano lesson moved from tuesdays to fridays", {"self.schedule[piano lesson] = friday"}),
        ("Ana's piano lesson is monday to friday", {"self.schedule[piano lesson] = monday to friday"}),
        # a round named by its part of the day comes every day, so a time alone changes it; two parts, two rounds
        ("the home care firm moved the evening visit to 7", {"self.schedule[evening visit] = 7"}),
        ("the teatime call is at 5 now", {"self.schedule[teatime call] = 5"}),
        ("the morning visit was lovely today", set()),
        ("the evening call with mum went well", set()),
        # one's days on a rota of visits, or the days one can only do, are one's turn; not whom one visits
        ("I can only do Fridays from now on, not Mondays", {"self.schedule[rota] = friday"}),
        ("Ana visits Tuesdays and Saturdays now", {"self.schedule[rota] = tuesday saturday"}),
        ("I could do Fridays if that helps", set()),
        # whom or where one visits is a visiting kept up or given up, as any pastime; the rota is days alone
        ("I visit my gran on Sundays", {"self.activity[visit gran] = yes", "self.schedule[visit gran] = sunday"}),
        ("Ana visits her grandad at the nursing home every week", {"self.activity[visit grandad] = yes"}),
        ("I've stopped visiting my aunt", {"self.activity[visit aunt] = none"}),
        ("Ana doesn't visit the pool anymore", {"self.activity[visit pool] = none"}),
        ("I visit on Saturdays and Mondays now", {"self.schedule[rota] = saturday monday"}),
        # one whose work is calling on people visits on a round; a pronoun names no one to keep
        ("the district nurse visits grandad every evening", set()),
        ("I visit him on thursdays", set()),
        ("my brother visits grandad on Fridays",
         {"self's brother.activity[visit grandad] = yes", "self's brother.schedule[visit grandad] = friday"}),
        # carers coming at a time of day are on a daily round named by its part of the day; one day's visit is none
        ("the carers visit at 9am and 7pm", {"self.schedule[morning visit] = 9am", "self.schedule[evening visit] = 7pm"}),
        ("the carers are coming at 10 in the mornings now, not 9", {"self.schedule[morning visit] = 10"}),
        ("the care firm put the evening visit back to 7pm", {"self.schedule[evening visit] = 7pm"}),
        ("the carers came at 9 this morning", set()),
        ("the carer comes at 6", set()),
        ("put the bins out on Tuesdays", set()),
        # a place gone to on its days is the goer's schedule there, and "her days" moved are hers
        ("my dad goes to the lunch club on Wednesdays and Fridays", {"self's dad.schedule[lunch club] = wednesday friday"}),
        ("the lunch club has moved his days to Mondays and Thursdays", {"he.schedule[lunch club] = monday thursday"}),
        ("I went to the gym on Mondays and Thursdays", set()),
        ("she goes to her gran's on Sundays", set()),
        # every day listed is the place's, though the parse joins the last to the verb
        ("he goes to nursery on tuesdays and thursdays", {"he.activity[go nursery] = yes", "he.schedule[nursery] = tuesday thursday"}),
        # a going that hangs on "used to", "try to" or "want to" is no schedule of now; nor is one asked
        ("gran used to go to the day centre on Thursdays", set()),
        ("we are going to try to go to the gym on saturdays", set()),
        ("she hopes to go to the day centre on Wednesdays", set()),
        ("does mum go to the day centre on Tuesdays", set()),
        ("do the carers come at 9am", set()),
        # a habit or a need hung on the going keeps the schedule
        ("he tends to go to the lunch club on Fridays", {"he.schedule[lunch club] = friday"}),
        ("she needs to go to the day centre on Tuesdays", {"she.schedule[day centre] = tuesday"}),
        ("the carers do come at 9am", {"self.schedule[morning visit] = 9am"}),
        # a medicine's form, a home carer or a day stopped or put back is no pastime
        ("Ana stopped the iron tablets", {"self.medication[iron] = none"}),
        ("Ana's dad has stopped the carers", set()),
        ("they've pushed it back to the 3rd", set()),
        ("Ana stopped the olanzapine", {"self.medication[olanzapine] = none"}),
        ("Ana gave up pottery", {"self.activity[pottery] = none", "self.activity[go pottery] = none",
                                 "self.activity[play pottery] = none", "self.activity[do pottery] = none"}),
        ("I went back to the gym", {"self.activity[gym] = yes", "self.activity[go gym] = yes",
                                    "self.activity[play gym] = yes", "self.activity[do gym] = yes"}),
    ],
)
def test_slots_of_statements(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # the verb's thing is another's ("her", "his", "their"), or the sentence before told of another who goes on
        "my neighbour had an awful week. lost her dog, her kids were in bits",
        "Tom's selling up. sold his flat, his girlfriend moved in with him",
        "my cousin's a mess. quit their job, their manager was a bully",
        "my sister's settled now. moved to bath in may, her husband likes it",
        "Dad's doing better. gave up smoking, his doctor is pleased",
    ],
)
def test_a_dropped_subject_that_is_anothers_is_not_the_speakers(parser, text):
    assert not {s for s in slots_of(parser, text) if s.startswith("self.")}


@pytest.mark.parametrize(
    ("text", "planned", "now"),
    [
        # a job started on a day ahead is a plan until that day, as a move ahead is, however the start is said
        ("I start at Arup on the 3rd as a graduate engineer.",
         {"self.job = graduate engineer", "self.employer = arup"}, set()),
        ("took the offer! starting monday as head chef at Nopi",
         {"self.job = head chef", "self.employer = nopi"}, set()),
        ("Tom joins Deloitte in September as an analyst.", {"tom.job = analyst", "tom.employer = deloitte"}, set()),
        ("I start my new job at Stripe on the 18th.", {"self.employer = stripe"}, set()),
        # a start told as done, said of today, or a habit, is no plan
        ("I started at Arup on the 3rd as a graduate engineer.", set(),
         {"self.job = graduate engineer", "self.employer = arup"}),
        ("I start at Nopi today as head chef.", set(), {"self.job = head chef", "self.employer = nopi"}),
        ("I joined Deloitte last month as an analyst.", set(), {"self.job = analyst", "self.employer = deloitte"}),
        ("I'm starting as a nurse at City Hospital.", set(), {"self.job = nurse", "self.employer = city hospital"}),
        ("I start at 8 every day as a barista at Pret.", set(), set()),
    ],
)
def test_a_job_started_on_a_day_ahead_is_a_plan_until_then(parser, text, planned, now):
    slots = read_doc("m", parser.parse(text), "Ana").slots
    assert {slot.describe() for slot in slots if slot.future} == planned
    assert slots_of(parser, text) == now


@pytest.mark.parametrize(
    ("text", "planned", "now"),
    [
        # a course that starts, or is left, on a day ahead is a plan until that day
        ("My PhD begins on 3 October.", {"self.study = phd"}, set()),
        ("Ana's MSc starts 14 September.", {"self.study = msc"}, set()),
        ("I'm withdrawing from maths at the end of the month.", {"self.study = none"}, set()),
        ("I withdrew from maths last term.", set(), {"self.study = none"}),
        ("My degree started in September.", set(), {"self.study = degree"}),
    ],
)
def test_a_course_started_or_left_on_a_day_ahead_is_a_plan_until_then(parser, text, planned, now):
    slots = read_doc("m", parser.parse(text), "Ana").slots
    assert {slot.describe() for slot in slots if slot.future} == planned
    assert slots_of(parser, text) == now


@pytest.mark.parametrize("speaker", ["Amara", "Nkechi"])
def test_the_speakers_own_name_is_a_person_whatever_the_tagger_calls_it(parser, speaker):
    # the tagger takes some names for organisations ("Amara graduated": an ORG); the speaker's own name is someone
    assert slots_of(parser, f"{speaker} graduated in July.", speaker) == {"self.study = none"}
    assert slots_of(parser, "Oxfam graduated in July.", speaker) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # how often, how long, how much of one measured thing, said in the present: one value at a time
        ("Ana runs three times a week.", {"self.activity[run] = yes", "self.quantity[run per week] = 3"}),
        ("It's four runs a week now.", {"self.quantity[run per week] = 4"}),
        ("I've been running four times a week.", {"self.quantity[run per week] = 4"}),
        ("Ana is sleeping about 7 and a half hours most nights now.", {"self.quantity[sleep hour] = 7.5"}),
        ("Sleep is rubbish honestly, like 6 hours on work nights.", {"self.quantity[sleep hour] = 6"}),
        ("I sleep 8 hours a night.", {"self.quantity[sleep hour] = 8"}),
        # a hedge the tagger calls an interjection; a count whose period hangs on the verb
        ("i sleep like 5 hours a night, its bad", {"self.quantity[sleep hour] = 5"}),
        ("I drink two coffees a day now.", {"self.quantity[drink coffee per day] = 2"}),
        ("I drink like four coffees a day", {"self.quantity[drink coffee per day] = 4"}),
        ("I drank two coffees a day last year.", set()),
        ("I bought two coffees today.", set()),
        ("My rent is £1200 a month.", {"self.quantity[rent] = £1,200"}),
        # a sum however it is said: a word of money, "grand", "k" of a sum of money; bills by their kind
        ("My rent is 1,200 quid a month now.", {"self.quantity[rent] = £1,200"}),
        ("My salary is 32 grand.", {"self.quantity[salary] = 32,000"}),
        ("My salary is 32k.", {"self.quantity[salary] = 32,000"}),
        ("My electric bill is 140 quid a month.", {"self.quantity[electric bill] = £140"}),
        ("My gas bill is 50 quid a month.", {"self.quantity[gas bill] = £50"}),
        ("My savings are at £11,200.", {"self.quantity[savings] = £11,200"}),
        # what one earns is one's salary; what one makes that is no money is not
        ("I make $78,000 a year.", {"self.quantity[salary] = $78,000"}),
        ("Mei earns 28k.", {"mei.quantity[salary] = 28,000"}),
        ("I make 3 cakes a week.", set()),
        ("I made $50 yesterday.", set()),
        # one "on" a sum of money is paid it; a dose or a run one is "on" is no pay
        ("I'm on £52,000 now.", {"self.quantity[salary] = £52,000"}),
        ("She's on £40k.", {"she.quantity[salary] = £40,000"}),
        ("I'm on 52k a year.", {"self.quantity[salary] = 52,000"}),
        ("He's on £12 an hour.", {"he.quantity[pay per hour] = £12"}),
        ("I'm on 20mg now.", set()),
        ("I'm on 5k.", set()),
        ("I'm not on £40k any more.", set()),
        # a sum one is "on" for something else is no pay
        ("I'm on £60 a week for groceries now.", set()),
        ("We're on £1,500 of savings left after the holiday.", set()),
        ("She's on £300 a month child support", set()),
        ("We're on £60k between us", set()),
        ("Maria got a raise too, she's on $66,000 now (August 1st)", {"maria.quantity[salary] = $66,000"}),
        # since when (or since what) the pay holds is no other thing the sum is; what is left after a cost is
        ("I'm on £45k now after the promotion.", {"self.quantity[salary] = £45,000"}),
        ("She's on £40k since the restructure.", {"she.quantity[salary] = £40,000"}),
        ("I'm on £1,800 after tax.", set()),
        ("I'm on £900 a month after rent.", set()),
        ("I'm on £2,100 a month after my student loan.", set()),
        ("I'm on £52k since March.", {"self.quantity[salary] = £52,000"}),
        # two rates by what they are per
        ("My day rate is £300.", {"self.quantity[day rate] = £300"}),
        # a rate is a measure; its percent is kept
        ("Our mortgage rate is 4.65%.", {"self.quantity[mortgage rate] = 4.65%"}),
        ("My resting heart rate is 58 now.", {"self.quantity[resting heart rate] = 58"}),
        ("The success rate is pretty low.", set()),
        # stones and pounds are a weight, not an age
        ("I'm 13st 10 now.", set()),
        ("I'm 9 st 4.", set()),
        # one's weight said without "weigh"; a thing's weight, or a weight lifted, is no one's
        ("Ana is 73 kg, so nearly at goal.", {"self.quantity[weight kg] = 73"}),
        ("Ana is back to 92 kg, too much wedding cake.", {"self.quantity[weight kg] = 92"}),
        ("Ana noted: Down to 91 kg!", {"self.quantity[weight kg] = 91"}),
        ("The bag was 23 kg.", set()),
        ("Ana lifted 100 kg.", set()),
        ("Ana is down 5 kg!", set()),  # a loss, not a weight
        ("Ana is up to 60 kg on the bench.", set()),
        ("My sister's rent is £900.", {"self's sister.quantity[rent] = £900"}),
        # "it" after the one measured thing its sentence names is that thing
        ("The landlord knocked £50 off the rent, so it's £1,300 a month now.", {"self.quantity[rent] = £1,300"}),
        ("My salary went up in March and it's £45,000 now.", {"self.quantity[salary] = £45,000"}),
        # ... or that the sentence before names, when its own names none
        ("My landlord put the rent up. It's £1,025 a month from May.", {"self.quantity[rent] = £1,025"}),
        ("My landlord put the rent up and the bills too. It's £1,025 a month.", set()),
        ("My landlord put the rent up. It's £50 to fix the boiler though.", set()),
        ("Rent is fine. It's £300 for the car repair though.", set()),
        # a sum paid, in the present, in or for a measured thing is its sum; a thing bought names no measure
        ("I pay £900 a month in rent.", {"self.quantity[rent] = £900"}),
        ("I pay £9 for lunch.", set()),
        ("I paid £900 in rent last month.", set()),
        ("We pay £5 for the bill at the pub, then leave.", set()),
        # a pot of money at a sum; a pay with the sum it replaced
        ("The deposit fund is at £6,000 now.", {"self.quantity[deposit fund] = £6,000"}),
        ("I'm on £31,500 now instead of £35,000.", {"self.quantity[salary] = £31,500"}),
        ("I'm on £40k, up from £35k.", {"self.quantity[salary] = £40,000"}),
        # a measure changed "to" a sum has that sum as its value; by how much it changed is no value
        ("Also the budget went up to $28,000.", {"self.quantity[budget] = $28,000"}),
        ("We cut the budget back to $26,500 since we don't need as much food.", {"self.quantity[budget] = $26,500"}),
        ("They raised my rent to £1,400.", {"self.quantity[rent] = £1,400"}),
        ("My rent went from $1,500 to $1,850.", {"self.quantity[rent] = $1,850"}),
        ("My rent went up by $50.", set()),
        ("My rent didn't go up to $2,000.", set()),
        ("My rent will go up to $2,000 next year.", set()),
        ("The budget covers up to $500 of flowers.", set()),
        # a bill named with its sum, with no verb (a list of outgoings) or with "now" after a change told; a bill
        # measures only money, and a spend only by the period
        ("gas £60, electric £45, water £30", {"self.quantity[gas] = £60", "self.quantity[electric] = £45",
                                              "self.quantity[water] = £30"}),
        ("Ana noted: council tax band C £158, childcare £1,100 a month.",
         {"self.quantity[council tax] = £158", "self.quantity[childcare] = £1,100"}),
        ("The water bill went up, now £38.", {"self.quantity[water bill] = £38"}),
        ("My direct debit went up to £142.", {"self.quantity[dd] = £142"}),
        ("Octopus put my direct debit up to £130.", {"self.quantity[dd] = £130"}),
        # "the direct debit" is a payment, never a thing priced as "the phone is £699" is
        ("the direct debit dropped from £90 to £82", {"self.quantity[dd] = £82"}),
        ("the direct debit is £60 now", {"self.quantity[dd] = £60"}),
        ("The phone is £699.", set()),
        ("The insurance is £32 a month.", {"self.quantity[insurance] = £32"}),
        ("groceries about £90 a week", {"self.quantity[groceries] = £90"}),
        ("The nursery is 5 minutes away.", set()),
        ("We paid the gas £110 last month.", set()),
        ("The food is £15 a head.", set()),
        ("I spent £40 on food today.", set()),
        # a fee named by what it is for is a standing cost by the period; a bare "fee(s)", one named after it ("for
        # ballet"), one payment's, one per session or a sum "each" (per person or per item) is none
        ("The squad fees are £52 a month.", {"self.quantity[squad fees] = £52"}),
        ("Maya's dance fees went up to £40 a month.", {"maya.quantity[dance fees] = £40"}),
        ("The fees are £45 a month for karate.", set()),
        ("The fee is £12 a week.", set()),
        ("The club fees are £52 a month each.", set()),
        ("Our phones are £30 a month each.", set()),
        ("The nursery is £480 a month each.", set()),
        ("The entry fee is £30.", set()),
        ("There's a £4 booking fee.", set()),
        ("I paid the fees on Monday.", set()),
        ("The swim fees are £12 a session.", set()),
        ("Are the squad fees £55 a month now?", set()),
        # a place in a ranking said in digits is the speaker's standing there, kept by the ranking named; a
        # team's ("we"), another's, one with no ranking named, a queue, a date, a birthday or a past is none
        ("I'm 17th out of 24 on the squash ladder.", {"self.quantity[squash ladder position] = 17"}),
        ("I'm up to 5th in the league now!", {"self.quantity[league position] = 5"}),
        ("We're up to 3rd now in the league!", set()),
        ("They're 8th in the table.", set()),
        ("Amy is 6th on the ladder.", set()),
        ("I'm 12th now.", set()),
        ("I'm 4th out of 200 applicants.", set()),
        ("Dad is 90th now.", set()),
        ("It's the 21st now.", set()),
        ("I'm 4th in the queue now.", set()),
        ("I'm 2nd in the table of results.", set()),
        ("I'm 2nd out of 5 kids.", set()),
        ("I was 11th out of 30 in the league.", set()),
        ("I'm not 9th in the league.", set()),
        ("If I'm 3rd in the league by June I get a trophy.", set()),
        ("Am I 3rd in the league or 4th?", set()),
        ("The broadband will be £41.50 from April.", set()),
        # pay after tax, said "take home" or "net", is the salary; a sum sold or made net of a cost is not
        ("Sam takes home £2,700.", {"sam.quantity[salary] = £2,700"}),
        ("I get £1,750 net a month", {"self.quantity[salary] = £1,750"}),
        ("Ana noted: £1,980 net now.", {"self.quantity[salary] = £1,980"}),
        ("My take home is £1,900.", {"self.quantity[salary] = £1,900"}),
        ("We made £500 net profit on the stall.", set()),
        ("Net worth is about £40k.", set()),
        ("I took home £1,800 last month because of the strike.", set()),
        ("Take home the leftovers, there's loads.", set()),
        # a bill's word that names another thing, a thing's price, or a sum net of or from something, is no bill
        # and no pay
        ("gas fitter £75, cheap", set()),
        ("phone charger £12 from Argos", set()),
        ("The water slide is £8 each.", set()),
        ("Our insurance excess is £400.", set()),
        ("The phone is £850 but it's on offer soon.", set()),
        ("Water £2 a can at the festival.", set()),
        ("It's £80 net of fees.", set()),
        ("I get £400 net from the lodger each month.", set()),
        # a measure that changed by an amount to its new value ("a stone", "a grade" parsed as the verb's object)
        ("My weight has dropped a stone to 77kg since January.", {"self.quantity[weight kg] = 77"}),
        ("My pay jumped a whole band to £44,000.", {"self.quantity[salary] = £44,000"}),
        ("Ana's 10k PB is 52:40.", {"self.quantity[10k pb] = 52:40"}),
        # the tagger calls this "10k" a date; it is the distance the record is for
        ("My 10k PB is 52:40, from the Riverside 10k last October.", {"self.quantity[10k pb] = 52:40"}),
        ("My personal best is 52:40.", {"self.quantity[pb] = 52:40"}),
        ("New 10k PB!", {"self.quantity[10k pb] = new"}),
        # a record word the tagger hangs on its event as an adverb; a record set "at" an event is that event's,
        # and the time said beside it is its value, never its name
        ("My half marathon best is 1:58:30.", {"self.quantity[half marathon pb] = 1:58:30"}),
        ("Got a new PB at parkrun this morning!", {"self.quantity[parkrun pb] = new"}),
        ("24:02 at parkrun, new PB", {"self.quantity[parkrun pb] = new"}),
        ("Got a new 5k PB at parkrun.", {"self.quantity[5k pb] = new"}),
        ("New PB at the weekend!", {"self.quantity[pb] = new"}),
        # a lift is one measure whether its unit is said or not; a bench one sits on is no lift
        ("My deadlift is up to 140 now.", {"self.quantity[deadlift] = 140"}),
        ("My squat is 95kg.", {"self.quantity[squat] = 95kg"}),
        ("My bench press is 60 kg now.", {"self.quantity[bench press] = 60kg"}),
        ("The bench is 2 metres long.", set()),
        # a lift's value is a weight: a price, a length or a count of sets is a thing's; a coffee press is no lift
        ("Deadlifts are 5 sets of 5.", set()),
        ("French press is 15 quid at Argos.", set()),
        ("My overhead press is 50kg.", {"self.quantity[overhead press] = 50kg"}),
        # a record set at home or at work names no event
        ("Set a new PB at home today, 60 sit ups.", {"self.quantity[pb] = new"}),
        ("I did squats and lunges today.", set()),
        ("I weigh 70 kg now.", {"self.quantity[weight kg] = 70"}),
        # someone else's weight, or a pet's, is theirs; a thing's weight is no one's
        ("Bruno is down to 24.5 kg now.", {"bruno.quantity[weight kg] = 24.5"}),
        ("My dog is 30 kg.", {"self's dog.quantity[weight kg] = 30"}),
        ("Marco is 85kg.", {"marco.quantity[weight kg] = 85"}),
        ("My suitcase is 23 kg.", set()),
        ("The box is 5 kg.", set()),
        # a brand or a firm the tagger takes for a name is a thing: with "the", or known as a firm
        ("The Henry is 7kg, a pain on the stairs.", set()),
        ("The Roomba is 3kg.", set()),
        ("Lufthansa is 8kg for hand luggage.", set()),
        ("Priya is 61kg now.", {"priya.quantity[weight kg] = 61"}),
        ("Squat is 95kg now.", {"self.quantity[squat] = 95kg"}),  # a lift, no one's weight
        ("Bruno was 26 kg last spring.", set()),
        # a weight in its unit however spelt, stones with their pounds: "13 stone 1" is not "13 stone 6" again
        ("I weigh 86 kilos.", {"self.quantity[weight kg] = 86"}),
        ("I weigh 190 pounds.", {"self.quantity[weight lb] = 190"}),
        ("I'm 190 lbs.", {"self.quantity[weight lb] = 190"}),
        ("I weigh 13 stone 6.", {"self.quantity[weight stone] = 13 st 6 lb"}),
        ("I weigh 13 stone 6 pounds now.", {"self.quantity[weight stone] = 13 st 6 lb"}),
        ("I weigh 12 stone 4 pounds.", {"self.quantity[weight stone] = 12 st 4 lb"}),
        # pounds without "weigh" are money
        ("I'm down to my last 20 pounds.", set()),
        ("I'm about 50 pounds over budget.", set()),
        ("I'm down to 12 stone 10.", {"self.quantity[weight stone] = 12 st 10 lb"}),
        ("I'm 10 and a half stone.", {"self.quantity[weight stone] = 10.5"}),
        ("I weigh 13 stone.", {"self.quantity[weight stone] = 13"}),
        ("I weighed 80 kg last year.", set()),
        ("My rent is 900 pounds a month.", {"self.quantity[rent] = £900"}),
        # one measure however it is named: "I weigh" and "my weight", "pay" and "salary", "£34k" and "£34,000"
        ("My weight is 72 kg.", {"self.quantity[weight kg] = 72"}),
        ("My pay is £30,000.", {"self.quantity[salary] = £30,000"}),
        ("My salary is £34k.", {"self.quantity[salary] = £34,000"}),
        ("My salary is $72.5k now.", {"self.quantity[salary] = $72,500"}),
        # a measure said to be down or up to a sum has moved to it; a landlord puts the rent up to one
        ("My weight is down to 89 kg.", {"self.quantity[weight kg] = 89"}),
        ("My cholesterol is down to 5.4.", {"self.quantity[cholesterol] = 5.4"}),
        ("My blood pressure is 150/95.", {"self.quantity[blood pressure] = 150/95"}),
        ("My landlord put the rent up to £1,025.", {"self.quantity[rent] = £1,025"}),
        ("I work 40 hours a week.", {"self.quantity[work hour] = 40"}),
        ("I drink two coffees a day.", {"self.quantity[drink coffee per day] = 2"}),
        # an amount of an activity named after "of" is that activity's, as its verb would say it ("studying 20
        # hours a week"): one slot, so the newer value replaces the older
        ("I'm up to 25 hours a week of studying now.", {"self.quantity[study hour] = 25"}),
        ("It's like 8 hours of sleep a night.", {"self.quantity[sleep hour] = 8"}),
        ("I'm studying 20 hours a week now.", {"self.quantity[study hour] = 20"}),
        ("It's 3 hours of driving today.", set()),
        ("It was 3 hours of driving.", set()),
        # an amount done once is an event, not a state; a count with no period is no rate; a negation or a
        # past value states nothing now
        # a number glued to its unit with an article or an owner names a race, no amount: what is raised or trained
        # for it is not "10" of anything (the sum raised is its total)
        ("I've raised £640 for the 10k now.", {"self.quantity[raise 10k] = £640"}),
        ("I'm training for the 10k three times a week.", {"self.quantity[train per week] = 3"}),
        ("I train for my 10k twice a week.", {"self.activity[train] = yes", "self.quantity[train per week] = 2"}),
        ("I run 25k a week.", {"self.quantity[run k] = 25"}),
        ("I cycle 100km a week.", {"self.quantity[cycle km] = 100"}),
        ("I lift 70kg twice a week.", {"self.activity[lift kg] = yes", "self.quantity[lift kg] = 70"}),
        # money raised so far is a running total of what it was raised for; a fund or a named total "at" or "is" a
        # sum is one too, of money only; a sum raised once, hoped for, asked, supposed or said of a bare "total" is none
        ("I've raised £185 so far for the 10k.", {"self.quantity[raise 10k] = £185"}),
        ("We've raised £3,200 for the church roof so far.", {"self.quantity[raise church roof] = £3,200"}),
        ("we've collected £320 for the food bank", {"self.quantity[raise food bank] = £320"}),
        ("Sam has raised £300 for Cancer Research.", {"sam.quantity[raise cancer research] = £300"}),
        ("The roof appeal is at £3,200.", {"self.quantity[roof appeal] = £3,200"}),
        ("the extension appeal is at £14k now", {"self.quantity[extension appeal] = £14,000"}),
        ("My sponsorship total is £185.", {"self.quantity[sponsorship total] = £185"}),
        ("Our fundraiser is at £1,200!", {"self.quantity[fundraiser] = £1,200"}),
        ("The bake sale raised £412.", set()),
        ("We raised £300 on Saturday.", set()),
        ("I've raised £50 today at the stall.", set()),
        ("I'm hoping to raise £500 for the hospice.", set()),
        ("Have you raised £500 yet?", set()),
        ("If I've raised £500 by May I'll shave my head.", set()),
        ("She said she's raised £400.", set()),
        ("I've raised my prices to £40 an hour.", set()),
        ("The total is £45, can you pay half?", set()),
        ("My appeal is at the tribunal next week.", set()),
        ("The appeal is 3 weeks away.", set()),
        ("The appeal was at £3,000 last month.", set()),
        ("Is the appeal at £5k yet?", set()),
        # an offer put to the speaker is the offering party's standing sum, raised "to" a new one (a "his" or "their"
        # on it is the clause subject's); money only, and not one asked, supposed, set aside or the speaker's own
        ("The landlord's offer is now £450.", {"landlord.quantity[offer] = £450"}),
        ("SkyJet are offering a £100 voucher instead of the £350.", {"skyjet.quantity[offer] = £100"}),
        ("The landlord upped his offer to £450.", {"landlord.quantity[offer] = £450"}),
        ("SkyJet upped their offer to £200.", {"skyjet.quantity[offer] = £200"}),
        ("My landlord upped the rent to £1,200.", {"self.quantity[rent] = £1,200"}),
        ("Is the landlord's offer £450 now?", set()),
        ("If their offer is £450 I'll take it.", set()),
        ("The offer is on until Friday.", set()),
        ("The offer is 20% off until Friday.", set()),
        ("He's offering to give back £300 of the £650.", set()),
        ("I'm offering £250 for the car.", set()),
        ("Their offer was £300 last month.", set()),
        # days or nights a week are how many times a week: "4 days a week" and "four times a week" are one measure;
        # a bare "it's 3 days a week" names nothing counted, and a past or supposed count is none
        ("I work 4 days a week.", {"self.quantity[work per week] = 4"}),
        ("I work two nights a week.", {"self.quantity[work per week] = 2"}),
        ("I go to the gym 4 days a week.", {"self.quantity[go gym per week] = 4"}),
        ("It's 3 days a week now.", set()),
        ("I worked 5 days a week last year.", set()),
        ("I'd work 4 days a week if I could.", set()),
        ("I've been off 3 days this week.", set()),
        ("I ran 10k on Sunday.", set()),
        ("Ran 5k today.", set()),
        ("I'm running 5k today.", set()),
        ("I've run there three times.", set()),
        ("My PB was 52:40.", set()),
        ("I don't run three times a week anymore.", {"self.activity[run] = none"}),
        ("The score is 3.", set()),
        ("I'm 5 minutes away.", set()),
    ],
)
def test_quantities_of_a_measured_state(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize("text", ["Bench is £60 on Gumtree.", "Bench is only £35 in the sale.", "bench £45 on eBay"])
def test_a_bench_priced_is_no_lift(parser, text):
    """A lift's value is a weight: a bench's price sets no quantity of it (whatever else the sentence sets)."""
    assert not [slot for slot in slots_of(parser, text) if "quantity[bench]" in slot]



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a word taken back holds the word said in its place; a name after "sorry" takes nothing back
        ("Ana is 34, no wait 35 lol, birthday was last week.", {"self.age = 35"}),
        ("Ana is vegetarian. Pescatarian actually, Ana eats fish.", {"self.diet = pescatarian"}),
        ("I live in Leeds, no wait, Bradford.", {"self.residence = bradford"}),
        ("I'm vegetarian, sorry Tom.", {"self.diet = vegetarian"}),
        ("I'm 34, sorry I'm late.", {"self.age = 34"}),
        ("I work at Tesco, I mean Asda now.", {"self.employer = asda"}),
        # a word after a comma that opens a clause of its own takes nothing back; nor does a word said twice
        ("I live in Leeds, London really is too expensive for us.", {"self.residence = leeds"}),
        ("My daughter is 5 and my son is 5, no wait 6.", {"self's daughter.age = 5", "self's son.age = 5"}),
    ],
)
def test_a_value_taken_back_holds_the_one_said_in_its_place(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The GP put me on propranolol 40mg twice a day.", {"self.medication[propranolol] = 40 mg"}),
        ("She upped my propranolol to 80mg.", {"self.medication[propranolol] = 80 mg"}),
        ("The topiramate has been increased to 50 mg since Monday.", {"self.medication[topiramate] = 50 mg"}),
        ("I'm on amoxicillin for a chest infection.", {"self.medication[amoxicillin] = yes"}),
        ("I stopped the amoxicillin two days early.", {"self.medication[amoxicillin] = none"}),
        # giving up stops it, though giving is otherwise a start and "up" a change of dose
        ("I've given up the omeprazole, it wasn't helping.", {"self.medication[omeprazole] = none"}),
        ("Gave up on the naproxen last week.", {"self.medication[naproxen] = none"}),
        ("I gave up taking the citalopram in May.", {"self.medication[citalopram] = none"}),
        ("The GP gave me naproxen for my knee.", {"self.medication[naproxen] = yes"}),
        ("She upped my sertraline to 100mg.", {"self.medication[sertraline] = 100 mg"}),
        ("I almost gave up on the sertraline but I'm still on it.", {"self.medication[sertraline] = yes"}),
        ("I'm fully off the propranolol now.", {"self.medication[propranolol] = none"}),
        ("The GP switched me from atorvastatin to rosuvastatin 10mg.",
         {"self.medication[atorvastatin] = none", "self.medication[rosuvastatin] = 10 mg"}),
        ("My mum is on warfarin now.", {"self's mum.medication[warfarin] = yes"}),
        ("Tom was prescribed naproxen, 500mg twice a day.", {"tom.medication[naproxen] = 500 mg"}),
        # a dose said before the medicine; the owner of the dose, not the GP who changed it; a pet's medicine
        ("I've been on 20mg of citalopram since May.", {"self.medication[citalopram] = 20 mg"}),
        ("The GP upped my dose of sertraline to 100mg.", {"self.medication[sertraline] = 100 mg"}),
        ("My dog is on gabapentin now.", {"self's dog.medication[gabapentin] = yes"}),
        # a plan to come off, a wish, a past "was on", an allergy, a topic and a word that only looks like a
        # medicine set nothing
        ("She wants me to come off the propranolol next month.", set()),
        ("I want to stop the metformin.", set()),
        ("I was on citalopram for a year.", set()),
        ("I'm allergic to penicillin.", set()),
        ("I watched a documentary on Ozempic last night.", set()),
        ("We went to the Statin Hall.", set()),
        # a dose that goes up or down, and a medicine given with its dose; what a medicine gave one is no medicine
        ("Quick update: my citalopram went up to 20mg last week.", {"self.medication[citalopram] = 20 mg"}),
        ("Mum's amlodipine went back down to 5mg.", {"self's mum.medication[amlodipine] = 5 mg"}),
        ("The GP gave me sumatriptan 50mg to take when one starts.", {"self.medication[sumatriptan] = 50 mg"}),
        ("The citalopram gave me headaches.", set()),
        # a medicine given to another is theirs
        ("The nurse gave Tom codeine.", {"tom.medication[codeine] = yes"}),
        ("They gave him morphine 10mg for the pain.", {"he.medication[morphine] = 10 mg"}),
        ("The GP gave my mum naproxen 500mg.", {"self's mum.medication[naproxen] = 500 mg"}),
        ("The price of ibuprofen went up.", set()),
        # remedies bought over the counter or given to babies and in pregnancy are medicines too
        ("The midwife put Ana on cyclizine for the sickness.", {"self.medication[cyclizine] = yes"}),
        ("The GP started my son on gaviscon infant.", {"self's son.medication[gaviscon] = yes"}),
        ("We've stopped the infacol, it did nothing.", {"self.medication[infacol] = none"}),
        ("I want to try the gaviscon first.", set()),
    ],
)
def test_medicines_and_their_doses(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".medication[" in s} == expected


def test_a_remedy_stopped_is_no_pastime_given_up(parser):
    assert slots_of(parser, "we stopped the gaviscon once the reflux settled") == {"self.medication[gaviscon] = none"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a clinician, the staff or the clinic's "they" decides the medicine, the one it is for takes it: the person
        # put on, switched or kept on, the owner said ("his", "my nan's"), never the doctor a "he" or "her" is near
        ("The nurse lowered my nan's digoxin to 62.5mcg.", {"self's nan.medication[digoxin] = 62.5 mcg"}),
        ("Dr Patel moved him from atenolol to bisoprolol 2.5mg.",
         {"he.medication[atenolol] = none", "he.medication[bisoprolol] = 2.5 mg"}),
        ("Dr Patel cut her sertraline to 50mg.", {"her.medication[sertraline] = 50 mg"}),
        ("The GP took him off the naproxen, he's on paracetamol now.",
         {"he.medication[naproxen] = none", "he.medication[paracetamol] = yes"}),
        ("They're keeping her on the statin but stopping the omeprazole.", {"she.medication[omeprazole] = none"}),
        # no owner word: the speaker's only by default (``unowned``, for the links to hand to the one who takes it)
        ("The hospital has stopped the warfarin.", {"self.medication[warfarin] = none"}),
        ("The ward stopped the iron tablets.", {"self.medication[iron] = none"}),
        ("The surgery is adding a new pill, rivaroxaban.", {"self.medication[rivaroxaban] = yes"}),
        # a contracted "has" the parse reads as a passive's "is": the one who changed the dose takes none of it,
        # while a passive's subject is the one given it and an owner said is still the taker
        ("She's raised the citalopram to 40mg.", {"self.medication[citalopram] = 40 mg"}),
        ("He's lowered the quetiapine to 25mg.", {"self.medication[quetiapine] = 25 mg"}),
        ("She's lowered her quetiapine to 25mg.", {"her.medication[quetiapine] = 25 mg"}),
        ("He's been given amlodipine 5mg.", {"he.medication[amlodipine] = 5 mg"}),
        # ... and a medicine the tagger takes for a name is what is changed, never its own taker
        ("She's upped the Ozempic to 1mg.", {"self.medication[ozempic] = 1 mg"}),
        ("The GP upped the Mounjaro to 5mg.", {"self.medication[mounjaro] = 5 mg"}),
        # the subject of a passive is the one given or put on it, no one who decides it
        ("He's been given a new pill, apixaban.", {"he.medication[apixaban] = yes"}),
        ("She was put on donepezil in March.", {"she.medication[donepezil] = yes"}),
        ("I was given a new tablet, lansoprazole.", {"self.medication[lansoprazole] = yes"}),
        # a change told as done, or arranged for a day ahead; one said back on; a medicine carers' chats name
        ("The consultant reduced Nan's risperidone.", {"self's nan.medication[risperidone] = yes"}),
        ("Mum's memantine is going up to 20mg from next week.", {"self's mum.medication[memantine] = 20 mg"}),
        ("Dad is back on aspirin now.", {"self's dad.medication[aspirin] = yes"}),
        # the speaker's own, said outright; a patient who stops a medicine stops her own
        ("I stopped the iron tablets.", {"self.medication[iron] = none"}),
        ("She stopped the sertraline herself.", {"she.medication[sertraline] = none"}),
        # wished, asked or hedged changes, a device called a tablet, and tablets no medicine names set nothing
        ("I hope they're reducing the quetiapine from Monday.", set()),
        ("Could they reduce the donepezil?", set()),
        ("The dose might go up to 20mg next month.", set()),
        ("She's on her Samsung tablet all day.", set()),
        ("She's on the same tablets.", set()),
        ("They stopped the dishwasher tablets.", set()),
    ],
)
def test_a_medicine_decided_by_a_clinician_is_the_patients(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".medication[" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a brand or supplement the lexicon lacks is a medicine said with a dose only a medicine has, or switched
        # from or to one; a vitamin by its letter. Its dose is no pastime, no event and its name no place
        ("Noted: symbicort, 1 puff every morning.", {"self.medication[symbicort] = 1 puff"}),
        ("The nurse changed me from seretide to relvar, 1 puff a day.",
         {"self.medication[seretide] = none", "self.medication[relvar] = 1 puff"}),
        ("The nurse moved me from qvar to Symbicort, 2 puffs twice a day.",
         {"self.medication[qvar] = none", "self.medication[symbicort] = 2 puffs"}),
        ("I take vitamin B12 tablets, 1000 mcg a day.", {"self.medication[vitamin b12] = 1000 mcg"}),
        ("I've quit the vitamin C.", {"self.medication[vitamin c] = none"}),
        ("The GP upped my magnesium to 400mg.", {"self.medication[magnesium] = 400 mg"}),
        # grams name food as well; a form, a person, a question and a level are no medicine taken
        ("Sugar, 20g a day max.", set()),
        ("My inhaler, 2 puffs.", set()),
        ("I gave mum 2 tablets.", set()),
        ("Does sertraline 50mg make you sleepy?", set()),
        ("Her vitamin D is low.", set()),
        ("Two puffs of smoke rose from the chimney.", set()),
        ("They raised the price to 20 units.", set()),
        ("Tesco, 2 tablets of soap.", set()),
        ("Leeds, 2 tablets and a nap.", set()),
    ],
)
def test_a_medicine_known_by_its_dose(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a dose in a sentence of its own is of the one medicine named before it in the memory
        ("The citalopram isn't doing much. I've been on 20mg since March.", {"self.medication[citalopram] = 20 mg"}),
        ("The lisinopril made me dizzy. They lowered it to 5mg last week.", {"self.medication[lisinopril] = 5 mg"}),
        # no medicine named before, two of them, a dose of something said, a past "was on" and other counts
        ("I've been on 20mg since March.", set()),
        ("I take metformin and ramipril. I'm on 500mg now.",
         {"self.medication[metformin] = yes", "self.medication[ramipril] = yes"}),
        ("I came off the sertraline. Now I'm on 50mg of something else.", {"self.medication[sertraline] = none"}),
        ("The sertraline is fine. I was on 100mg last year.", set()),
        ("I take sertraline. They raised my rent to 900 units.", {"self.medication[sertraline] = yes"}),
    ],
)
def test_a_dose_of_the_medicine_named_before(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".medication[" in s} == expected


def test_a_gerund_left_a_noun_is_its_verb():
    assert [verb_of_gerund(w) for w in ("swimming", "smoking", "cycling", "dancing", "walking", "gardening",
                                         "running", "hiking", "spelling", "juggling", "travelling", "meditating")] == [
        "swim", "smoke", "cycle", "dance", "walk", "garden", "run", "hike", "spell", "juggle", "travel", "meditate"]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I quit the gym.", "self.activity[go gym] = none"),
        ("I cancelled my gym membership.", "self.activity[go gym] = none"),
        ("I dropped my yoga class.", "self.activity[go yoga] = none"),
        ("I dropped my yoga class.", "self.activity[do yoga] = none"),
        ("Ella quit ballet.", "ella.activity[do ballet] = none"),
        ("I've given up on yoga.", "self.activity[yoga] = none"),
        ("I've gone off running.", "self.activity[run] = none"),
        ("I'm done with running.", "self.activity[run] = none"),
        ("I quit swimming.", "self.activity[swim] = none"),
        ("Zoe quit Rainbows.", "zoe.activity[rainbows] = none"),
        ("Sam has stopped Scouts, he prefers rugby.", "sam.activity[scouts] = none"),
        ("Sadly I had to stop the morning runs.", "self.activity[run] = none"),
        # one cancels plans, drops the kids off, is done with the kitchen, skips one class; a denial ends nothing
        ("I cancelled the meeting.", None),
        ("I had to cancel my yoga class tonight, I'm sick.", None),
        ("I cancelled my piano lesson because of the snow.", None),
        ("I dropped my evening class.", None),
        ("I dropped the kids at school.", None),
        ("We're done with the kitchen.", None),
        ("I didn't quit the gym.", None),
        ("The alarm went off.", None),
    ],
)
def test_a_pastime_ended_by_naming_it(parser, text, ended):
    activities = {s for s in slots_of(parser, text) if ".activity[" in s}
    assert (ended in activities) if ended else activities == set()


def test_a_club_quit_is_no_job_left(parser):
    assert slots_of(parser, "Zoe quit Rainbows last month.") == {"zoe.activity[rainbows] = none"}
    assert slots_of(parser, "I left the Scouts last year.") == set()
    assert slots_of(parser, "I quit Tesco in May.") == {"self.employer = not tesco"}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Zoe has Rainbows on Wednesdays after school.", "Zoe quit Rainbows in March."),
        ("Zoe has Rainbows on Wednesdays after school.", "Zoe has Rainbows on Thursdays now."),
        ("Sam does Mondays and Thursdays.", "Sam does Tuesdays now."),
        ("My mum has the kids on Tuesdays.", "My mum has them Fridays now."),
    ],
)
def test_a_club_or_a_turn_on_a_rota_is_changed_by_the_next(parser, old, new):
    from memory_pipeline.links.rules import state_changes

    before = read_doc("a", parser.parse(old), "Jo").state_slots
    after = read_doc("b", parser.parse(new), "Jo").state_slots
    assert any(state_changes(o, n) for o in before for n in after if o.key == n.key)


@pytest.mark.parametrize(
    ("old", "new", "changed"),
    [
        # a club said later with no owner is the one child's whose club it is, by its name or its name and "club"
        ("Mia has swimming lessons on Mondays after school.", "Swimming moved to Fridays because the pool shut.",
         "mia.schedule[swimming lesson] = monday -> friday"),
        ("Noah does football on Saturdays.", "Football club changed to Sundays after Easter.",
         "noah.schedule[football] = saturday -> sunday"),
        ("Mia has swimming lessons on Mondays after school.", "Her lessons are on Thursdays now.", None),  # a bare "her"
        # the speaker's own, said with "my", is never the child's; nor another activity; nor two children's club
        ("Mia has swimming lessons on Mondays after school.", "My swimming lessons moved to Fridays.", None),
        ("Mia has swimming lessons on Mondays after school.", "Swimming gala moved to Fridays.", None),
        ("Noah does football on Saturdays.", "Rugby moved to Sundays now.", None),
        ("Mia has football on Mondays. Noah has football on Tuesdays.", "Football moved to Fridays now.", None),
        # a teacher, said with the child or with none: the one child's whose teacher is known
        ("Amir is 7, his teacher is Miss Rowe.", "Miss Rowe is off sick, so amir has Mr Quinn until half term.",
         "amir.teacher = rowe -> quinn"),
        ("amir has Mrs Novak this year", "Mrs Novak is retiring, the new teacher is Mr Quinn.",
         "amir.teacher = novak -> quinn"),
        ("Amir has Mrs Novak this year. Priya has Miss Rowe till Easter.", "The new teacher is Mr Quinn.", None),  # whose?
        ("Amir's teacher is Mrs Novak. Priya's teacher is Miss Rowe.", "The new teacher is Mr Quinn.", None),
        # the speaker's own class, a job, a question or a condition is no child's new teacher
        ("amir has Mrs Novak this year", "The new teacher at my pottery class is Mr Quinn.", None),
        ("amir has Mrs Novak this year", "Mr Quinn is a teacher.", None),
        ("Amir's teacher is Mrs Novak.", "Is Amir's teacher Mr Quinn?", None),
        ("Amir's teacher is Mrs Novak.", "If Amir's teacher is Mr Quinn in september we'll move him.", None),
        ("Amir's teacher is Mrs Novak.", "Amir has Mr Blobby, he won't put it down.", None),
        ("Leah's violin teacher is Mr Quinn.", "The new teacher is Mrs Novak.", None),  # a subject's is its own
    ],
)
def test_a_club_said_with_no_owner_is_the_one_third_persons_known(parser, old, new, changed):
    from memory_pipeline.links.rules import shared_slots, state_changes

    before = read_doc("a", parser.parse(old), "Jo")
    after = read_doc("b", parser.parse(new), "Jo")
    # schedules are no appointments: no memory's day is needed to compare them
    found = [f"{o.describe()} -> {n.state}" for o, n in shared_slots(None, None, after, before) if state_changes(o, n)]
    assert found == ([changed] if changed else [])


@pytest.mark.parametrize(
    ("said", "new", "changed"),
    [
        # the whole conversation before is asked, not the pair: the one child's club still moves
        (["Sam has judo club on Tuesdays.", "I work late on Tuesdays."], "Judo moved to Fridays.",
         {"sam.schedule[judo club] = tuesday -> friday"}),
        # two children's clubs in two memories: whose moved is not said, so neither
        (["Sam has judo club on Tuesdays.", "Ruby has judo on Thursdays."], "Judo moved to Fridays.", set()),
        # the speaker's own said first: theirs, found by its key, and not the child's too
        (["I do judo on Mondays.", "Sam has judo club on Tuesdays."], "Judo moved to Fridays.",
         {"self.schedule[judo] = monday -> friday"}),
        # a child who gave the club up holds it no longer
        (["Sam has judo club on Tuesdays.", "Sam quit judo club."], "Judo is on Fridays now.", set()),
    ],
)
def test_a_club_said_with_no_owner_looks_at_everyone_known_before(parser, said, new, changed):
    from memory_pipeline.links.rules import shared_slots, state_changes

    readings = [read_doc(f"m{n}", parser.parse(text), "Jo") for n, text in enumerate(said)]
    after = read_doc("new", parser.parse(new), "Jo")
    said_before = [slot for reading in readings for slot in reading.state_slots]
    found = {f"{o.describe()} -> {n.state}" for before in readings
             for o, n in shared_slots(None, None, after, before, said_before) if state_changes(o, n)}
    assert found == changed


def test_a_count_of_things_owned(parser):
    assert slots_of(parser, "I own 30 succulents.") == {"self.quantity[succulent] = 30"}
    assert "self.quantity[pot] = 12" in slots_of(parser, "I have 12 pots on my balcony.")
    # people, what is had to do or on one occasion, sums, the past and a denial count nothing owned
    assert slots_of(parser, "I own 2 pairs of trainers.") == {"self.quantity[trainer] = 2"}
    assert {"self.quantity[cat] = 3", "self.quantity[dog] = 2"} <= slots_of(parser, "I have 3 cats and 2 dogs.")
    assert "self.quantity[plant] = 30" in slots_of(parser, "I have 30 plants that I water every day.")
    assert slots_of(parser, "I own 3 boxes of books.") == {"self.quantity[box] = 3"}
    for text in ("I have two kids.", "I have three questions.", "I have two exams next week.", "I have 20 quid left.",
                 "I had 40 records last year.", "I don't have 10 plants.", "I have 3 emails to answer.",
                 "I have 3 flatmates.", "I have 3 stitches in my hand.", "I have 10 tabs open.",
                 "I have 200 unread messages.", "I have 2 coffees a day.", "I have two left feet."):
        assert not any(".quantity[" in s for s in slots_of(parser, text)), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a club, a team or a choir joined, been a member of or left: the pastime, not a job
        ("I'm a member of the Riverside Rowing Club.", {"self.activity[row] = yes"}),
        ("I left the Riverside Rowing Club in June.", {"self.activity[row] = none"}),
        ("Mei joined a gardening club.", {"mei.activity[garden] = yes"}),
        ("I've joined a choir.", {"self.activity[choir] = yes"}),
        ("I'm not a member of the choir anymore.", {"self.activity[choir] = none"}),
        ("Mei joined the Hackney Hawks, a women's five-a-side team.", set()),
        ("I joined a running club.", {"self.activity[run] = yes"}),
        # a team at work, those who follow one, a party, or a band of people are no pastime and no employer
        ("I joined the marketing team in March.", set()),
        ("I left the sales team.", set()),
        ("I joined the Arsenal supporters club.", set()),
        ("We joined a band of travellers in Peru.", set()),
        ("I joined the Labour Party.", set()),
        ("I joined the growth team.", set()),
        ("I'm on the founding team.", set()),
        ("I joined a walking football team.", {"self.activity[football] = yes", "self.activity[go football] = yes",
                                               "self.activity[play football] = yes", "self.activity[do football] = yes"}),
        # an employer is still one, and what names no pastime or lies ahead sets nothing
        ("I left Google in March.", {"self.employer = not google"}),
        ("I joined Google in June as a senior engineer.", {"self.job = senior engineer", "self.employer = google"}),
        ("I joined a protest.", set()),
        ("I left the gym early today.", set()),
        ("I'm going to join a running club.", set()),
    ],
)
def test_a_membership_is_a_pastime_kept_up_or_left(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".activity[" in s or ".job" in s or ".employer" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a thing out of order: its owner's, named by the thing (a part by its thing)
        ("The boiler is broken.", {"self.repair[boiler] = broken"}),
        ("The boiler broke down last Tuesday.", {"self.repair[boiler] = broken"}),
        ("The boiler stopped working.", {"self.repair[boiler] = broken"}),
        ("The boiler isn't working.", {"self.repair[boiler] = broken"}),
        ("The boiler packed up.", {"self.repair[boiler] = broken"}),
        ("The boiler died.", {"self.repair[boiler] = broken"}),
        ("The heating is dead.", {"self.repair[heating] = broken"}),
        ("My laptop screen cracked.", {"self.repair[laptop] = broken"}),
        ("The washing machine is leaking.", {"self.repair[washing machine] = broken"}),
        ("Mum's car broke down.", {"self's mum.repair[car] = broken"}),
        ("I broke my phone.", {"self.repair[phone] = broken"}),
        ("They still haven't fixed the boiler.", {"self.repair[boiler] = broken"}),
        # mended, replaced or working again
        ("The boiler is fixed now.", {"self.repair[boiler] = working"}),
        ("The boiler was repaired.", {"self.repair[boiler] = working"}),
        ("The boiler is working again.", {"self.repair[boiler] = working"}),
        ("They fixed the boiler.", {"self.repair[boiler] = working"}),
        ("I got the laptop repaired.", {"self.repair[laptop] = working"}),
        ("The new boiler went in on 3 December.", {"self.repair[boiler] = working"}),
        ("The boiler was replaced.", {"self.repair[boiler] = working"}),
        # a wrist, a break-up, a record, news, money, a heart and a deal are no things that work; "the internet" is
        # the world at large; a phone that died ran flat; a repair ahead, asked about or supposed is none yet
        ("I broke my wrist.", set()),
        ("We broke up.", set()),
        ("I broke the record.", set()),
        ("The news broke.", set()),
        ("I'm broke.", set()),
        ("My heart is broken.", set()),
        ("The deal broke down.", set()),
        ("The internet is broken.", set()),
        ("My phone died on the way home.", set()),
        ("The engineer is coming to fix the boiler on Tuesday.", set()),
        # a repair under way or awaited, a flat battery, where a thing works, a break-in, a speaker who is a person,
        # and a "his" or "her" no slot can key to its person
        ("The boiler is being fixed.", set()),
        ("We are getting the car fixed.", set()),
        ("Has the boiler been fixed yet", set()),
        ("My phone is dead.", set()),
        ("My headphones died halfway through the run.", set()),
        ("My phone doesn't work abroad.", set()),
        ("My car was broken into last night.", set()),
        ("The speaker broke down in tears.", set()),
        ("Tom fixed his car.", set()),
        ("Is the boiler fixed?", set()),
        ("If the boiler breaks again I'll scream.", set()),
        ("The boiler works.", set()),
    ],
)
def test_a_things_working_state(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".repair[" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a service taken out, by its name without the plan
        ("I subscribe to Netflix.", {"self.subscription[netflix] = yes"}),
        ("Pat subscribes to Netflix.", {"pat.subscription[netflix] = yes"}),
        ("I'm subscribed to The Guardian.", {"self.subscription[guardian] = yes"}),
        ("I pay for Spotify Premium.", {"self.subscription[spotify] = yes"}),
        ("I pay for Netflix and Spotify.", {"self.subscription[netflix] = yes", "self.subscription[spotify] = yes"}),
        ("I signed up for Audible.", {"self.subscription[audible] = yes"}),
        ("I have a PureGym membership.", {"self.subscription[puregym] = yes"}),
        ("I joined PureGym.", {"self.subscription[puregym] = yes"}),
        ("I joined the gym.", {"self.subscription[gym] = yes"}),
        ("Lena also gets The Economist in print, £21 a month.", {"lena.subscription[economist] = yes"}),
        # ended
        ("I cancelled Netflix.", {"self.subscription[netflix] = none"}),
        ("I cancelled my Netflix subscription.", {"self.subscription[netflix] = none"}),
        ("I cancelled the gym membership.", {"self.subscription[gym] = none"}),
        ("I unsubscribed from Disney+.", {"self.subscription[disney] = none"}),
        ("I let my Audible subscription lapse.", {"self.subscription[audible] = none"}),
        ("My Netflix subscription ran out.", {"self.subscription[netflix] = none"}),
        ("I don't pay for Spotify anymore.", {"self.subscription[spotify] = none"}),
        ("I quit the gym.", {"self.subscription[gym] = none"}),
        ("Lena cancelled The Economist last Tuesday.", {"lena.subscription[economist] = none"}),
        ("Raf joined PureGym last Monday, it's £24.99 a month.", {"raf.subscription[puregym] = yes"}),
        # a service chat names in lower case, or with a "+", and a list of what one pays for
        ("i signed up for paramount+ last night", {"self.subscription[paramount] = yes"}),
        ("finally dropped netflix", {"self.subscription[netflix] = none"}),
        ("We cancelled spotify, the free one is fine.", {"self.subscription[spotify] = none"}),
        ("Ana noted: netflix £10.99, audible £7.99.", {"self.subscription[netflix] = yes", "self.subscription[audible] = yes"}),
        ("I love spotify playlists.", set()),
        ("I watched netflix all weekend.", set()),
        ("spotify is going up to £12.99 from next month", set()),
        ("I'm going to cancel spotify.", set()),
        # a firm joined or quit is an employer, a club a pastime; what is denied, ahead, paid once, got once or
        # a person is no subscription
        ("I joined Google in June.", set()),
        ("I quit Brightwave.", set()),
        ("I left the Riverside Rowing Club in June.", set()),
        ("I didn't cancel Netflix.", set()),
        ("I'm going to cancel Netflix.", set()),
        ("I paid for Tom's dinner.", set()),
        ("I got Netflix last night.", set()),
        ("I get Tom, he's just shy.", set()),
        # a child collected at a time or from school, though the tagger knows no name for a person
        ("On thursdays I get Aoife at 3:30.", set()),
        ("Ana gets Tomek from nursery.", set()),
        ("I get Bartek from the childminder on fridays.", set()),
        ("I get The Guardian at 7am.", {"self.subscription[guardian] = yes"}),  # a paper's title is no child
        ("I get Spotify from work.", {"self.subscription[spotify] = yes"}),
        ("It's gotten Jon some good stuff.", set()),
        ("Pat has a Pixel 7.", set()),
        ("Pat has an iPhone 15 now.", set()),
        ("I get an iPhone every other year.", set()),
        ("I cancelled the meeting.", set()),
        ("I signed up for the London Marathon.", set()),
        ("I left the gym early today.", set()),
        ("I stopped the gym today, my knee hurt.", set()),
        # a paper the small model calls a title is still a service got
        ("About £45 a week. I also get The Economist in print, £21 a month.", {"self.subscription[economist] = yes"}),
        # a subscription named by what it is, not by a brand, is a service too, no pastime
        ("I cancelled the magazine subscription.", {"self.subscription[magazine] = none"}),
        ("I've got a wine subscription.", {"self.subscription[wine] = yes"}),
        # the kind of plan before "subscription" names no service ("to X" does); a service named by what it is keeps
        # all its words, as said
        ("I've got a student subscription to the Guardian.", {"self.subscription[guardian] = yes"}),
        ("We have a premium subscription to Babbel.", {"self.subscription[babbel] = yes"}),
        ("I've got a free trial subscription.", set()),
        ("I've got a cat food subscription.", {"self.subscription[cat food] = yes"}),
        ("I have a spin class subscription.", {"self.subscription[spin class] = yes"}),
        ("I've got a pilates subscription.", {"self.subscription[pilates] = yes"}),
        ("I have a new app subscription.", {"self.subscription[app] = yes"}),
        ("I cancelled my yoga membership.", set()),  # a membership of a pastime stays the pastime's (`activity`)
        # an end still to come, a break, people dropped off, let do things or paid for, a medicine, a show
        ("My Netflix subscription runs out next week.", set()),
        ("I'm going to cancel Netflix.", set()),
        ("I quit the gym for a week.", set()),
        ("I dropped Sarah at the station.", set()),
        ("I let Tom run the meeting.", set()),
        ("I always pay for Mum.", set()),
        ("I stopped Ozempic.", set()),
        ("We ended Breaking Bad last night.", set()),
    ],
)
def test_a_subscription_taken_out_or_ended(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".subscription[" in s} == expected



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a service's provider, by the kind of service the noun beside it names
        ("my mobile contract with o2 is £22 a month", {"self.provider[phone] = o2"}),
        ("Our home insurance is with Admiral.", {"self.provider[home insurance] = admiral"}),
        ("My electricity supplier is Bulb.", {"self.provider[energy] = bulb"}),
        ("we moved the broadband over to Plusnet in March", {"self.provider[broadband] = plusnet"}),
        ("I went with LV for the car insurance in the end", {"self.provider[car insurance] = lv"}),
        ("Pat's mortgage is with Halifax.", {"pat.provider[mortgage] = halifax"}),
        # or by a name that tells the kind itself, moved to, kept, or priced in a list of what one pays
        ("Swapped to voxi last month, way cheaper", {"self.provider[phone] = voxi"}),
        ("We're going with octopus for now.", {"self.provider[energy] = octopus"}),
        ("changed from british gas to edf", {"self.provider[energy] = edf"}),
        ("Ana noted: rac £120, renews in may.", {"self.provider[breakdown cover] = rac"}),
        # no provider: a person, a place, a thing moved, no kind said, a plan, a condition, a denial, a question
        ("I had lunch with Priya at the new place.", set()),
        ("I went with my sister to the shops.", set()),
        ("I left my phone with Priya.", set()),
        ("We moved to Sheffield with the kids.", set()),
        ("I switched the call to Monday.", set()),
        ("I'm with Nationwide.", set()),
        ("Ana got a quote with Churchill for £430.", set()),
        ("I'm going to switch to smarty next month.", set()),
        ("If we move to octopus we'd save a bit.", set()),
        ("We're not with vodafone any more.", set()),
        ("Are you with Santander for your mortgage?", set()),
        ("Octopus rang me about a smart meter.", set()),
        ("The AA man came out in an hour.", set()),
        # nor one that was, a handset, a list of quotes or a price judged or someone else pays, a switch to come or
        # only thought of; a work phone is a phone of its own
        ("our previous broadband deal was with talktalk", set()),
        ("My last electricity supplier was Octopus.", set()),
        ("My mobile is a Pixel.", set()),
        ("my phone is an old Nokia", set()),
        ("giffgaff £10, smarty £8, voxi £12, can't decide", set()),
        ("o2 £30 a month is daylight robbery", set()),
        ("My mum pays EE £25 a month", set()),
        ("thinking of switching over to british gas", set()),
        ("swapping to voxi next week", set()),
        ("my sister suggested going with the AA", set()),
        ("My work mobile is with vodafone.", {"self.provider[work phone] = vodafone"}),
        ("our breakdown cover is the RAC", {"self.provider[breakdown cover] = rac"}),  # "the", no handset
    ],
)
def test_a_services_provider(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".provider[" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # whom one pays for a service, by first name, named beside the role or across "be", or got
        ("Ana's bookkeeper Sam.", {"self.provider[bookkeeper] = sam"}),
        # the whole name, so a new Jane or a new Kwik is another provider; a firm's name under a person's role
        ("Our mechanic is Quick Tyres now.", {"self.provider[mechanic] = quick tyres"}),
        ("My solicitor is Lowe & Partners.", {"self.provider[solicitor] = lowe & partners"}),
        ("my accountant is Priti Shah", {"self.provider[accountant] = priti shah"}),
        ("Priti is my accountant.", {"self.provider[accountant] = priti"}),
        ("Tom's solicitor is Jane Fox.", {"tom.provider[solicitor] = jane fox"}),
        ("My dentist is Dr Shah.", {"self.provider[dentist] = shah"}),
        ("Ana got an accountant, Fola Adeyemi, £60 a month.", {"self.provider[accountant] = fola adeyemi"}),
        # a firm one buys from, by what it supplies and its whole name; chat's "my" dropped across "be"
        ("my coffee supplier is Union, been with them for years", {"self.provider[coffee supplier] = union"}),
        ("My wax supplier is Wick Barn.", {"self.provider[wax supplier] = wick barn"}),
        ("Ana noted: flour supplier is Hartley Mills, they deliver tuesdays", {"self.provider[flour supplier] = hartley mills"}),
        # a kind of the role is a role of its own: a window cleaner replaces no cleaner of the house
        ("Our window cleaner is Steve.", {"self.provider[window cleaner] = steve"}),
        # a household service keeps its kind
        ("My energy supplier is Octopus.", {"self.provider[energy] = octopus"}),
        # no provider: a job, one spoken to, one that was, asked, supposed, denied, unnamed, wanted
        ("Priya is an accountant at a big firm.", set()),
        ("My sister is a dentist in Leeds.", set()),
        ("I spoke to the accountant, Mark, about the VAT.", set()),
        ("The accountant at work is Dev.", set()),
        ("My old accountant Priti retired last year.", set()),
        ("My previous lawyer Omar.", set()),
        # a provider who does something else: that says more than who they are, no repeat of it
        ("Ana's bookkeeper Sam does the payroll.", set()),
        ("My vet, Dr Okafor, moved to Bristol.", set()),
        ("My physio Dr Lane is leaving in June.", set()),
        ("Ana's supplier Wick Barn is out of soy wax", set()),
        ("My gardener, Tomasz, quit.", set()),
        ("Priti was my accountant for ten years.", set()),
        ("Is your accountant still Priti?", set()),
        ("If my accountant is Priti I'll be fine.", set()),
        ("My accountant isn't Priti any more.", set()),
        ("My accountant said the return is fine.", set()),
        ("I don't have an accountant.", set()),
        ("The supplier sent the wrong order.", set()),
        ("My brother's lawyer is useless.", set()),
        ("I might get a cleaner, maybe Marta from next door.", set()),
    ],
)
def test_whom_one_pays_for_a_service_by_their_role(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".provider[" in s} == expected


def test_a_new_accountant_updates_the_old_one(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("priti", "Jess's accountant is Priti.", datetime(2025, 1, 10, 12), None),
        ("ledger", "Jess's new accountant is Ledgerwise, from July.", datetime(2025, 5, 2, 12), None),
        ("dentist", "Jess's dentist is Dr Shah.", datetime(2025, 1, 10, 12, 5), None),
    ])
    assert links.get(("ledger", "priti")) == "updates"
    assert links.get(("ledger", "dentist")) != "updates"


def test_a_new_lawyer_of_the_same_first_name_updates_the_old_one(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("smith", "Jess's lawyer is Anna Smith.", datetime(2025, 1, 10, 12), None),
        ("doe", "Jess's lawyer is Anna Doe.", datetime(2025, 5, 2, 12), None),
    ])
    assert links.get(("doe", "smith")) == "updates"


def test_a_running_total_updates_the_last_one(parser, embedder):
    """Money raised so far for one cause, or a fund at a sum, said again is the new total; a total for another
    cause, another fund or someone else's is not, nor a sum raised once."""
    links = _relations_by_pair(parser, embedder, [
        ("185", "Jess has raised £185 so far for the 10k.", datetime(2025, 1, 29, 12), None),
        ("roof", "The roof appeal is at £3,200.", datetime(2025, 1, 29, 12, 5), None),
        ("hospice", "Jess has raised £90 for the hospice.", datetime(2025, 1, 29, 12, 10), None),
        ("640", "Jess has raised £640 for the 10k now.", datetime(2025, 3, 11, 12), None),
        ("7200", "So the roof appeal is at £7,200.", datetime(2025, 3, 11, 12, 5), None),
        ("extension", "The extension appeal is at £14k now.", datetime(2025, 3, 11, 12, 10), None),
        ("sam", "Sam has raised £300 for the hospice.", datetime(2025, 3, 11, 12, 15), None),
        ("bake", "The bake sale raised £412 for the 10k.", datetime(2025, 3, 11, 12, 20), None),
    ])
    assert links.get(("640", "185")) == "updates"
    assert links.get(("7200", "roof")) == "updates"
    assert links.get(("extension", "roof")) != "updates"
    assert links.get(("sam", "hospice")) != "updates"
    assert links.get(("bake", "185")) != "updates"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an office of a named group, or running a group or a duty, is held by one person at a time
        ("Graham is the chair of the trustees.", {"trustees.office[chair] = graham"}),
        ("The chair of the trustees is Graham.", {"trustees.office[chair] = graham"}),
        ("Lorraine has taken over as chair of the trustees.", {"trustees.office[chair] = lorraine"}),
        ("Mr Patel is the new treasurer of the temple committee.", {"temple committee.office[treasurer] = patel"}),
        ("I'm the treasurer of the temple committee.", {"temple committee.office[treasurer] = self"}),
        ("Dan is the PCC treasurer.", {"pcc.office[treasurer] = dan"}),
        ("Sarah is the leader of the youth group.", {"youth group.office[leader] = sarah"}),
        ("Yusuf runs the kitchen.", {"kitchen.office[run] = yusuf"}),
        ("Bilal has taken over the kitchen for now.", {"kitchen.office[run] = bilal"}),
        ("Graham isn't the chair of the trustees any more.", {"trustees.office[chair] = not graham"}),
        # no group named, a past holder, a member, one asked or supposed, one ahead, one day's running, a race run
        ("Tom is the chair.", set()),
        ("Gaz is my team leader.", set()),
        ("Tom is my scout leader.", set()),
        ("Graham was the chair of the trustees.", set()),
        ("Graham is a trustee.", set()),
        ("Is Lorraine the new chair of the trustees?", set()),
        ("If Lorraine is the chair of the trustees, she'll sort it.", set()),
        ("Mike Adeyemi is taking over as treasurer from January.", set()),
        ("Yusuf ran the kitchen last year.", set()),
        ("I'm running the stall on Saturday.", set()),
        ("Does Yusuf run the kitchen?", set()),
        ("She manages the pain with paracetamol.", set()),
    ],
)
def test_an_office_of_a_group_is_held_by_one_at_a_time(parser, text, expected):
    assert {slot for slot in slots_of(parser, text) if ".office[" in slot} == expected


def test_a_new_holder_of_an_office_updates_the_old_one(parser, embedder):
    """A new chair of the same group, or a new one running the same duty, replaces the last; another office or
    another group's is no change."""
    links = _relations_by_pair(parser, embedder, [
        ("graham", "Graham is the chair of the trustees.", datetime(2025, 1, 8, 12), None),
        ("yusuf", "Yusuf runs the kitchen.", datetime(2025, 1, 8, 12, 5), None),
        ("lorraine", "Lorraine is the new chair of the trustees.", datetime(2025, 1, 29, 12), None),
        ("bilal", "Bilal runs the kitchen now.", datetime(2025, 1, 29, 12, 5), None),
        ("secretary", "Priya is the secretary of the trustees.", datetime(2025, 1, 29, 12, 10), None),
        ("club", "Sue is the chair of the book club.", datetime(2025, 1, 29, 12, 15), None),
    ])
    assert links.get(("lorraine", "graham")) == "updates"
    assert links.get(("bilal", "yusuf")) == "updates"
    assert links.get(("secretary", "graham")) != "updates"
    assert links.get(("club", "graham")) != "updates"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the shifts one works as a pattern, said now or told as a move made, are one value at a time
        ("I work nights.", {"self.schedule[shift] = night"}),
        ("I'm on days now, 7 till 3.30.", {"self.schedule[shift] = day"}),
        ("I'm on permanent nights, 10pm till 6am.", {"self.schedule[shift] = night"}),
        ("I've moved to days, 7 till 3.30 Monday to Friday.", {"self.schedule[shift] = day"}),
        ("I'm working nights at the moment.", {"self.schedule[shift] = night"}),
        ("I've switched to earlies.", {"self.schedule[shift] = early"}),
        ("Ana works the night shift now.", {"self.schedule[shift] = night"}),
        ("Tom works nights.", {"tom.schedule[shift] = night"}),
        # a spell of the rota, a pattern ahead or gone by, asked, supposed, counted or picked out, or a verdict
        ("I'm on nights next week.", set()),
        ("I'm on earlies this week.", set()),
        ("I'm on nights from Monday.", set()),
        ("I'm on nights on Monday.", set()),
        ("I'm moving to days in May.", set()),
        ("I'm going onto days soon.", set()),
        ("I was on nights last year.", set()),
        ("Are you on nights?", set()),
        ("If I'm on nights I can't do it.", set()),
        ("I'm on 3 days a week.", set()),
        ("I'm on my days off.", set()),
        ("I hate nights.", set()),
        ("Nights are brutal.", set()),
    ],
)
def test_the_shifts_one_works_as_a_pattern(parser, text, expected):
    assert {slot for slot in slots_of(parser, text) if "schedule[shift]" in slot} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the days a pastime or a routine is kept up on, said as coming round, are its schedule beside it
        ("I coach the under 12s on Sunday mornings.", {"self.schedule[coach under 12s] = sunday morning"}),
        ("I coach the under 12s on Saturday mornings now.", {"self.schedule[coach under 12s] = saturday morning"}),
        # ... named with its team or partner, which another team or partner does not share
        ("I play tennis with Amy on Fridays.", {"self.schedule[play tennis amy] = friday"}),
        ("I visit Mr Briggs every Thursday afternoon.", {"self.schedule[visit briggs mr] = every thursday afternoon"}),
        ("I go swimming on Mondays and Thursdays now.", {"self.schedule[swim] = monday thursday"}),
        ("Tom plays football on Sunday mornings.", {"tom.schedule[play football] = sunday morning"}),
        ("I play tennis on Saturdays, not Sundays.", {"self.schedule[play tennis] = saturday"}),
        # how often alone, one day, a habit gone by, denied or asked names no days; a place gone to is its own
        ("I swim twice a week.", set()),
        ("I run every day.", set()),
        ("I play tennis on Saturday.", set()),
        ("I played tennis on Saturdays last year.", set()),
        ("I don't swim on Tuesdays anymore.", set()),
        ("Do you swim on Tuesdays?", set()),
        ("he goes to nursery on tuesdays and thursdays", {"he.schedule[nursery] = tuesday thursday"}),
        # someone who comes to the speaker on days that come round: the comer's days, the one named if named
        ("My cleaner comes on Tuesdays.", {"self's cleaner.schedule[come] = tuesday"}),
        ("The cleaner, Brenda, comes on Tuesdays and Fridays from nine until eleven.", {"brenda.schedule[come] = tuesday friday"}),
        ("The grandchildren come every Wednesday for their tea.", {"grandchild.schedule[come] = every wednesday"}),
        ("Mum comes over on Sundays.", {"self's mum.schedule[come] = sunday"}),
        ("The bin lorry comes on Mondays.", set()),
        ("My cleaner comes on Tuesday.", set()),
        ("Does your cleaner come on Tuesdays?", set()),
        ("My cleaner doesn't come on Tuesdays anymore.", set()),
        ("Brenda came on Tuesdays last year.", set()),
        ("If Brenda comes on Tuesdays, I'll pay her.", set()),
        ("I come on Tuesdays.", set()),
    ],
)
def test_the_days_a_routine_is_kept_up_on(parser, text, expected):
    assert {slot for slot in slots_of(parser, text) if ".schedule[" in slot} == expected


def test_a_new_team_leader_updates_the_old_one(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("gaz", "Gaz is my team leader.", datetime(2025, 9, 6, 12), None),
        ("lorraine", "Lorraine is my new team leader.", datetime(2025, 9, 17, 12), None),
        ("scouts", "Tom is my scout leader.", datetime(2025, 9, 17, 12, 5), None),
    ])
    assert links.get(("lorraine", "gaz")) == "updates"
    assert links.get(("scouts", "gaz")) != "updates"


def test_a_raised_offer_updates_the_last_one(parser, embedder):
    """An offer raised by the party that made it replaces their last one; another party's offer does not."""
    links = _relations_by_pair(parser, embedder, [
        ("300", "The landlord's offer is £300.", datetime(2025, 9, 1, 12), None),
        ("100", "SkyJet are offering a £100 voucher.", datetime(2025, 9, 1, 12, 5), None),
        ("450", "The landlord's offer is now £450.", datetime(2025, 10, 1, 12), None),
        ("200", "SkyJet upped their offer to £200.", datetime(2025, 10, 1, 12, 5), None),
    ])
    assert links.get(("450", "300")) == "updates"
    assert links.get(("200", "100")) == "updates"
    assert links.get(("200", "300")) != "updates"
    assert links.get(("450", "100")) != "updates"


def test_a_new_provider_updates_the_old_one(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("ee", "Jess's mobile contract with o2, £30, ends in may.", datetime(2025, 3, 1, 12), None),
        ("voxi", "Jess switched to voxi, £10 a month.", datetime(2025, 6, 2, 12), None),
        ("bike", "Jess's bike insurance is with Aviva.", datetime(2025, 3, 1, 12, 5), None),
    ])
    assert links.get(("voxi", "ee")) == "updates"
    assert links.get(("voxi", "bike")) != "updates"

def test_a_named_subscription_is_no_pastime_and_a_gym_by_its_name_no_employer(parser):
    assert not any(".activity[" in s for s in slots_of(parser, "I cancelled my Netflix subscription."))
    assert slots_of(parser, "I joined PureGym.") == {"self.subscription[puregym] = yes"}
    assert slots_of(parser, "We cancelled spotify, the free one is fine.") == {"self.subscription[spotify] = none"}
    # a gym membership is still the pastime of going to the gym
    assert "self.activity[go gym] = none" in slots_of(parser, "I cancelled the gym membership.")


# Paraphrases written after the rules were done and never tuned on: what they catch and what they miss.
HELD_OUT = [
    ("I recently moved out to Denver.", {"self.residence = denver"}),
    ("Since last year I've lived in Montreal.", {"self.residence = montreal"}),
    ("I'm employed as a paralegal.", {"self.job = paralegal"}),
    ("Nowadays I work for Spotify.", {"self.employer = spotify"}),
    ("I left my job at the bank.", {"self.job = none", "self.employer = none"}),
    ("I went vegetarian after watching a documentary.", {"self.diet = vegetarian"}),
    ("Jake and I split up in March.", {"self.relationship = single"}),
    ("I married Priya two years ago.", {"self.relationship = married"}),
    ("My team meeting was moved to Thursday.", {"self.appointment[team meeting] = thursday"}),
    ("The dentist moved my appointment to Friday.", {"self.appointment[appointment] = friday"}),
    ("I have three daughters.", {"self.children = 3"}),
    ("My mom lives in Chicago.", {"self's mom.residence = chicago"}),
    ("We adopted a puppy.", {"self.ownership[puppy] = yes"}),
    ("I caught the flu.", {"self.health[flu] = has"}),
    ("I'm fully recovered from covid.", {"self.health[covid] = recovered"}),
    ("I'd love to live in Paris someday.", set()),
    ("We talked about moving to Spain.", set()),
]
KNOWN_MISSES = {
    "We talked about moving to Spain.": "a topic of talk ('talked about moving') is read as a statement",
}


@pytest.mark.parametrize(("text", "expected"), HELD_OUT, ids=[text for text, _ in HELD_OUT])
def test_held_out_paraphrases(parser, text, expected, request):
    if text in KNOWN_MISSES:
        request.applymarker(pytest.mark.xfail(reason=KNOWN_MISSES[text], strict=True))
    assert slots_of(parser, text, speaker="Sam") == expected


@pytest.mark.parametrize(
    ("old", "new", "changes"),
    [
        ("I live in Cardiff.", "I'm no longer living in Cardiff.", True),
        ("I live in Cardiff.", "I moved to Bristol.", True),
        # a value denied is no other value: not moving to London leaves Cardiff as it was
        ("I live in Cardiff.", "I'm not moving to London either.", False),
        ("I live in Cardiff.", "I don't live in London.", False),
        # a relationship's values follow one another: no wedding ahead ends the engagement
        ("I'm engaged to Raj.", "We're not getting married anymore, it's over.", True),
        # a medicine still taken, its dose unsaid, is the dose it was; a new dose or a stop changes it
        ("I'm on sertraline 50mg.", "The plan is to stay on sertraline until Christmas.", False),
        ("I'm on sertraline 50mg.", "They upped my sertraline to 100mg.", True),
        ("I'm on citalopram 20mg.", "She's raised the citalopram to 40mg.", True),
        ("I'm on sertraline 50mg.", "I stopped the sertraline.", True),
        # a count of things owned, told again, is the new count
        ("I own 30 succulents.", "I own 55 succulents now.", True),
        ("I own 30 succulents.", "I own 30 succulents still.", False),
        # a fee by the month, said again at another sum, is the new sum; another's or another club's is not
        ("The club fees are £52 a month.", "The club fees are £60 a month now.", True),
        ("Isla's swim fees are £48 a month.", "Alfie's swim fees are £40 a month.", False),
        ("The swim fees are £48 a month.", "The dance fees are £40 a month.", False),
        # a place in a ranking said again is the new place; a place in another ranking is not
        ("I'm 17th out of 24 on the tennis ladder.", "I'm 15th on the tennis ladder now.", True),
        ("I'm 3rd in the pub quiz league.", "I'm 9th in the office fantasy league.", False),
        ("I'm 14th out of 20 on the squash ladder.", "We're up to 3rd now in the football league.", False),
        # pay by the year and take-home by the month are one pay told twice, not a change; a month's to a month's is
        ("I earn £52,000 a year.", "I take home £3,100 a month.", False),
        ("My salary is £36,500.", "I take home £2,250 a month after tax.", False),
        ("I take home £2,300 a month.", "I take home £2,600 a month now.", True),
        # a firm denied in brief is the firm: its first words, or its initials
        ("I work at Fenwick Hale Partners.", "I quit Fenwick last week.", True),
        ("I work for British Telecom in Ipswich.", "I quit BT yesterday.", True),
        # guards: a place is the same only in full, and a firm's last word is another firm
        ("I live in North Leeds.", "We're not moving to Leeds after all.", False),
        ("I live in South Shields.", "We're not moving to Shields, the schools are poor.", False),
        ("I work at Deloitte Digital.", "I quit Digital in May.", False),
    ],
)
def test_a_denied_value_changes_only_the_state_it_denies(parser, old, new, changes):
    from memory_pipeline.links.rules import state_changes

    before = read_doc("a", parser.parse(old), "Jo").state_slots[0]
    after = [slot for slot in read_doc("b", parser.parse(new), "Jo").state_slots if slot.key == before.key]
    assert any(state_changes(before, slot) for slot in after) is changes


def test_cues_of_plans_reports_and_corrections(parser):
    plan = read_doc("a", parser.parse("Ana is going to run the Boston marathon next month."), "Ana")
    done = read_doc("b", parser.parse("Ana ran the Boston marathon last weekend."), "Ana")
    off = read_doc("c", parser.parse("Ana and Tom called off the camping trip."), "Ana")
    denied = read_doc("d", parser.parse("Ana never said Ana was moving to Paris."), "Ana")
    fixed = read_doc("e", parser.parse("Actually the party is on Saturday."), "Ana")
    assert plan.future and not plan.report and plan.nouns >= {"marathon", "boston"}
    assert done.report and not done.future and done.words >= {"run", "marathon"}
    assert off.cancel is not None and off.cancel.span == "called off"
    assert denied.denial is not None and denied.denial.span == "never said"
    assert fixed.correction is not None and fixed.correction.span == "Actually"


def test_a_cancellation_is_about_its_event_not_its_cue_or_its_reason(parser):
    """The cue word and the reason are not the event, so they cannot dilute its overlap with the plan's."""
    off = read_doc("c", parser.parse("Dan cancelled the Japan trip because of work."), "Dan")
    sick = read_doc("s", parser.parse("Dan called off the Japan trip since Dan was sick."), "Dan")
    plan = read_doc("p", parser.parse("Dan is planning to visit Japan in October."), "Dan")
    assert off.cancelled.words == sick.cancelled.words == {"japan", "trip"}
    assert off.cancelled.overlap(plan.plan) >= 0.5
    denied = read_doc("d", parser.parse("Dan never said Dan would move to Paris."), "Dan")
    assert denied.denied.words == {"move", "paris"}
    # a passive subject is what was called off, not a doer to leave out
    passive = read_doc("x", parser.parse("The Japan trip got cancelled."), "Dan")
    assert passive.cancelled.words == {"japan", "trip"}
    assert read_doc("m", parser.parse("Dan changed Dan's mind about the trip."), "Dan").cancel is not None


def test_how_the_news_is_announced_is_none_of_the_events_words(parser):
    # "bad news" had counted as words of the wedding's move, and the move no longer overlapped the plan
    assert read_doc("p", parser.parse("Bad news, the wedding's pushed to October."), "Jo").corrected.words == {"wedding"}
    assert read_doc("p", parser.parse("Change of plan, they moved the interview to Wednesday."), "Jo").corrected.words == {"interview"}
    # a subject set off by commas is still the subject
    moved = read_doc("p", parser.parse("The wedding in Leeds, the one in June, got pushed to October."), "Jo")
    assert moved.corrected.words == {"wedding", "leeds"}


def test_a_feeling_said_alone_beside_a_state_is_no_second_fact(parser):
    # "Honestly less stress." kept beside a job had made the memory two facts, so a new job no longer replaced it
    assert read_doc("j", parser.parse("Jay is working as a lab technician. Honestly less stress."), "Jay").single_fact
    assert read_doc("j", parser.parse("Jay got the job. Gutted."), "Jay").single_fact
    assert not read_doc("j", parser.parse("Jay got the job. Tom's thrilled."), "Jay").single_fact


def test_a_cancel_cue_in_a_question_calls_nothing_off(parser):
    # the friend's "so the flat's off?" had cancelled the speaker's flat purchase
    assert read_doc("q", parser.parse("Jo noted: their loss. Jo asks: the flat's off?"), "Jo").cancel is None
    assert read_doc("q", parser.parse("Did they cancel the wedding?"), "Jo").cancel is None
    assert read_doc("s", parser.parse("Their loss. The flat's off."), "Jo").cancel is not None
    # told, then asked about
    assert read_doc("t", parser.parse("We've called off the wedding, can you believe it?"), "Jo").cancel is not None


def test_a_comment_spliced_on_after_a_comma_is_not_what_was_called_off(parser):
    """A verbless remark after a comma ("..., no point after driving the Golf") comments on the cancelling; its
    words are not the event's, and would dilute its overlap with the plan's (or lend it another plan's)."""
    off = read_doc("c", parser.parse("Dan cancelled the Focus viewing, no point after driving the Golf."), "Dan")
    assert off.cancelled.words == {"focus", "viewing"}
    dentist = read_doc("d", parser.parse("Dan cancelled the dentist, no time this week."), "Dan")
    assert dentist.cancelled.words == {"dentist"}


@pytest.mark.parametrize(
    ("text", "corrects"),
    [
        ("Zoe postponed the bar exam to next February.", True),
        ("The dentist moved my appointment to March 12.", True),
        ("We pushed the party to Saturday.", True),
        # a day of the month by itself is a date too ("to the 16th"); a floor is not
        ("The dentist moved my appointment to the 16th.", True),
        ("They moved my appointment to the 16th because the dentist is sick.", True),
        ("They moved Zoe to the 5th floor.", False),
        ("Zoe moved to Denver last month.", False),  # a move of home, to a place: no event moved to a date
        ("Zoe gave the book to Maria last week.", False),
        # rebooked (the tagger's lemma is "rebooke")
        ("The boiler service has been rebooked for the 18th.", True),
        ("Zoe rebooked the table for Friday.", True),
        ("Zoe booked the table for Friday.", False),
        # the new day said in a clause of its own, beside the verb that moved, slipped or called the event off
        ("The recital slipped, the new date is June 9.", True),
        ("The recital got postponed because the hall flooded. New date June 9.", True),
        ("Zoe cancelled the optician appointment, new date is the 14th.", True),
        ("The optician had to cancel, rebooked for the 14th.", True),
        ("We need to pick a new date for the recital.", False),  # no day given yet
        ("The new date format on the form is confusing.", False),
        ("Zoe slipped on the stairs on Monday.", False),
        ("The price slipped to 20 dollars.", False),
        # a thing said to slip or be late, whose sentence goes on to the day it is now on
        ("The handover has slipped again, now looking like the 20th of June.", True),
        ("Sign-off slipped, the surveyor is off sick so now it's early May.", True),
        ("Zoe slipped on the ice in January, now her knee hurts.", False),  # a person, and no day after "now"
        ("The launch slipped last week and we're all stressed now.", False),
        ("Has the handover slipped? Now is a bad time to ask.", False),
        ("The price slipped, now it's 20 dollars.", False),
        ("My grip slipped and now I train it on Mondays.", False),  # the day of someone's doings, not the thing's
    ],
)
def test_an_event_moved_to_a_new_date_is_a_correction(parser, text, corrects):
    assert (read_doc("m", parser.parse(text), "Zoe").correction is not None) is corrects


@pytest.mark.parametrize(
    ("text", "corrected", "called_off"),
    [
        # called off and given a new day: moved, not called off, and what moved is named, not "the new date"
        ("Zoe cancelled the optician appointment, new date is the 14th.", {"optician", "appointment"}, False),
        ("The optician had to cancel on Monday, rebooked for the 14th.", {"optician", "rebooke"}, False),
        ("The recital slipped, the new date is June 9.", {"recital"}, False),
        # "my appointment" alone: the sentence says whose it is
        ("The optician rang and moved my appointment to the 14th.", {"optician", "rang"}, False),
        ("The recital got cancelled, no new date yet.", set(), True),
        ("Zoe cancelled the optician appointment.", set(), True),
    ],
)
def test_a_cancellation_with_a_new_day_moves_the_event(parser, text, corrected, called_off):
    reading = read_doc("m", parser.parse(text), "Zoe")
    assert set(reading.corrected.words) == corrected
    assert (reading.cancel is not None) is called_off


def test_plans_are_the_speakers_own_open_intentions(parser):
    def plan(text):
        return read_doc("m", parser.parse(text), "Ana").plan.words

    assert plan("Ana is going to visit Rome in May.") == {"visit", "rome"}
    assert plan("Ana is planning a camping trip to Geres.") >= {"camping", "trip", "geres"}
    assert plan("Ana will start a pottery class.") >= {"pottery", "class"}
    assert plan("Ana wanted to visit Rome.") == set()  # a past intention
    # a negated future turns an event down; it plans nothing, unless what is not done is forgetting or missing it
    assert plan("Ana is not going to do the Dublin marathon this year.") == set()
    assert plan("Ana won't move to Oslo.") == set()
    assert plan("Ana won't forget to call her mum on Sunday.") >= {"call", "mum"}
    assert plan("Ana wants to visit Rome someday.") == set()  # a wish
    assert plan("Your family is gonna be so lucky.") == set()  # not the speaker's action
    assert plan("Ana hopes it heals fast.") == set()  # a hope for something else
    assert plan("Ana asks Ben to help Ana plan meals for the week.") == set()  # what Ben is asked to do
    assert plan("Can you help me plan meals for the week?") == set()  # the turn as said: "you" helps
    assert "send" in plan("Ana asks Ben to wait, Ana will send it to Ben later.")  # the request ends at the comma
    # a modal is the speaker's own, however the parse hangs it
    gina = "Gina asks Jon to shure, Gina will send it to Jon later. Starting this studio isn't just a business."
    assert "send" in read_doc("g", parser.parse(gina), "Gina").plan.words
    assert plan("I hope to visit Rome.") == {"visit", "rome"}
    report = read_doc("r", parser.parse("Tom said the weather was bad, but Ana visited Rome last week."), "Ana")
    assert any({"visit", "rome"} <= event.words for event in report.reports)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a former partner ends the relationship with that partner only; a partner now is also named as a scope
        ("Phil is Ana's ex-husband officially now.", {"self.relationship[phil] = divorced"}),
        ("Dev is my ex.", {"self.relationship[dev] = ex"}),
        ("Phil is my husband.", {"self.relationship = married", "self.relationship[phil] = married"}),
        ("My ex is a nightmare about the kids.", set()),  # an ex talked of in passing
        # separating, widowed by a spouse's death, on a break as a couple
        ("My wife and I are separating.", {"self.relationship = separated"}),
        ("We separated the recycling.", set()),
        ("My husband passed away.", {"self.relationship = widowed", "self's husband.life = dead"}),
        ("Dev and I are on a break.", {"self.relationship = on a break", "self.relationship[dev] = on a break"}),
        ("We're on a lunch break.", set()),
        # a couple's news in common words, under the partner named beside the speaker too; not a band, everyone at
        # home, a meeting or a pastime
        ("Priyanka and I are back together.", {"self.relationship = dating", "self.relationship[priyanka] = dating"}),
        ("we're back together, don't laugh", {"self.relationship = dating"}),
        ("The band is back together.", set()),
        ("We're all back together for Easter.", set()),
        ("We're back together in the office from Monday.", set()),
        ("I broke up the scrap between the twins.", set()),
        ("Leila and I split up in the spring.", {"self.relationship = single", "self.relationship[leila] = ex"}),
        ("I broke up with Kofi on Sunday.", {"self.relationship = single", "self.relationship[kofi] = ex"}),
        ("I've ended things with Rob.", {"self.relationship = single", "self.relationship[rob] = ex"}),
        ("Marta and I ended things last month.", {"self.relationship = single", "self.relationship[marta] = ex"}),
        ("I called it off with Rob.", {"self.relationship = single", "self.relationship[rob] = ex"}),
        ("We ended things early and went to the pub.", set()),
        ("We called it off because of the rain.", set()),
        ("I ended the call with Rob.", set()),
        ("Rob and I are giving it another shot.", {"self.relationship = dating", "self.relationship[rob] = dating"}),
        ("We're giving us another chance.", {"self.relationship = dating"}),
        ("I'm giving yoga another go.", set()),
        ("We're giving it another try next week, the recipe was close.", set()),
        # a proposal to or by the speaker, or being asked to be someone's partner, unless turned down; a bare
        # proposal may be anyone's
        ("Kwame proposed to me on the beach!", {"self.relationship = engaged", "self.relationship[kwame] = engaged"}),
        ("I proposed to Zoe at the top of Arthur's Seat.", {"self.relationship = engaged", "self.relationship[zoe] = engaged"}),
        ("he proposed in Paris and I said yes", {"self.relationship = engaged"}),
        ("Kwame proposed to me but I said no.", set()),
        ("Dev proposed to his girlfriend last week.", set()),
        ("Dev proposed a new plan at work.", set()),
        ("I'm going to propose to Zoe in June.", set()),
        ("Felix asked me to be his boyfriend.", {"self.relationship = dating", "self.relationship[felix] = dating"}),
        ("Felix asked me to be his business partner.", set()),
        ("Gemma asked me to be her bridesmaid.", set()),
        # a partner named in passing; a late, first or old one is none now
        ("My husband Idris is making dinner.", {"self.relationship = married", "self.relationship[idris] = married"}),
        ("Going to Rome with my boyfriend Luis.", {"self.relationship = dating", "self.relationship[luis] = dating"}),
        ("My late husband Idris loved this place.", set()),
        ("My first boyfriend Luis lived next door.", set()),
        ("My brother Luis is visiting.", set()),
        # a state listed after one's age; a break from dating is being single, and dating after a preposition is none
        ("I'm 38, separated, no kids.", {"self.age = 38", "self.relationship = separated"}),
        ("I'm 38, married couples are the worst.", {"self.age = 38"}),
        ("I'm having a break from dating.", {"self.relationship = single"}),
        ("After dating for three years we moved in together.", set()),
        ("I'm nervous about dating again.", set()),
        ("I'm on a break.", set()),
        # a death is the one who died's, told as it is; a kinship alone is the speaker's relative
        ("Dad died on the 28th of November.", {"self's dad.life = dead"}),
        ("Nani passed away on Sunday.", {"self's nani.life = dead"}),
        ("When Dad died last year I moved home.", {"self's dad.life = dead"}),
        ("If he passed away I don't know what I'd do.", set()),
        ("When Gran dies, we'll sell the house.", set()),
        ("My phone died.", set()),
        ("I nearly died laughing.", set()),
        ("Tom's dad died.", {"dad.life = dead"}),  # not the speaker's dad
        ("My father in law died last week.", {"self's father-in-law.life = dead"}),  # nor is a father-in-law
        ("My mother-in-law moved to Leeds.", {"self's mother-in-law.residence = leeds"}),
        ("My son in law enforcement moved to Leeds.", {"self's son.residence = leeds"}),
        # in and out of hospital; a condition come back
        ("Gran is in hospital again.", {"self's gran.health[hospital] = has"}),
        ("Grandad is out of hospital.", {"self's grandad.health[hospital] = recovered"}),
        ("I was in hospital for a week.", set()),
        ("Ana's dad's cancer is back.", {"self's dad.health[cancer] = has"}),
        # a stay with no end said is where one lives for now, and moving out ends it; a weekend's stay is a visit
        ("Mike is staying in Ana's spare room for a while.", {"mike.residence = spare room"}),
        ("Mike moved out of Ana's spare room in October.", {"mike.residence = not spare room"}),
        ("I'm staying at a hotel for the weekend.", set()),
        # a boss is one person at a time; a former boss or a manager of no one is none
        ("Miguel is officially Ana's manager now.", {"self.boss = miguel"}),
        ("My boss is Karen.", {"self.boss = karen"}),
        ("Ana's boss Karen announced she's leaving.", {"self.boss = karen"}),
        ("We have a new boss, Aisha Khan, and she's lovely.", {"self.boss = aisha"}),
        ("My old boss Karen called.", set()),
        # a boss's name said right after "my manager", wherever the parse hung it
        ("Ana's weekly 1:1 with Ana's manager Priya is on fridays.", {"self.boss = priya", "self.schedule[1:1] = weekly friday"}),
        ("Ana emailed Ana's boss Friday.", set()),
        ("Ana's old manager Priya retired.", set()),
        ("Karen is a manager.", set()),
        ("Tom was my manager.", set()),
        # a leader of a unit of work is one's boss; a name the tagger took for a common noun is still a name; a
        # scout leader, a leader of a group, a leader of no one's and a former one are none
        ("Gaz is my team leader.", {"self.boss = gaz"}),
        ("Lorraine is my new team leader.", {"self.boss = lorraine"}),
        ("My shift leader is Kev.", {"self.boss = kev"}),
        ("Gaz is my boss now.", {"self.boss = gaz"}),
        ("Gaz was my team leader.", set()),
        ("Gaz is a team leader.", set()),
        ("My old team leader Gaz was great.", set()),
        ("Is Gaz your team leader?", set()),
        ("Tom is my scout leader.", set()),
        ("Sarah is the leader of the youth group.", {"youth group.office[leader] = sarah"}),
        ("Bread is my weakness.", set()),
        # whom one reports to is one's boss; a report made, one reported to before, or a title is none
        ("I report to Miguel these days.", {"self.boss = miguel"}),
        ("Tom reports to Priya Shah.", {"tom.boss = priya"}),
        ("still reporting to Karen, sadly", {"self.boss = karen"}),
        ("I reported the leak to Karen.", set()),
        ("I reported to Karen for three years.", set()),
        ("I report back to Karen on the audit.", set()),
        ("I'm reporting to Karen about the budget.", set()),
        ("Tom reports to the CEO.", set()),
        ("The team reports to Karen.", set()),
        ("Tom said he reports to Karen.", set()),
    ],
)
def test_life_events_set_the_state_they_change(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a child's teacher is one person at a time, by the name after the title, said either way round
        ("Amir is 7, his teacher is Miss Rowe.", {"amir.age = 7", "amir.teacher = rowe"}),
        ("Mr Baptiste is Leah's class teacher this year.", {"leah.teacher = baptiste"}),
        ("Leah's teacher Mrs Novak rang me.", {"leah.teacher = novak"}),
        ("Leah's violin teacher is Mr Quinn.", {"leah.teacher[violin] = quinn"}),  # a subject's is its own
        ("her teacher is Miss Rowe", {"she.teacher = rowe"}),  # whose, a bare "her" does not say
        # "<child> has Mrs X" for a stretch of the school year is the class's teacher; with nothing more, anyone's
        ("amir has Mrs Novak this term", {"amir.teacher = novak"}),
        ("amir has Mrs Novak", set()),
        ("Priya has Mr Blobby, she sleeps with it", set()),
        ("the toddler has Mr Tickle", set()),
        ("Dan, my brother, has Mrs Hale", set()),
        ("Amir has Mr Quinn and Priya has Mrs Hale", set()),
        ("Leah has Mr Quinn till Easter.", {"leah.teacher = quinn"}),
        ("Leah has Miss Rowe this year.", {"leah.teacher = rowe"}),
        # no owner said: the speaker's by default, and the links look for the child
        ("the new teacher is Mr Quinn", {"self.teacher = quinn"}),
        # a teacher not named, that was, is not, or met; a meeting, a purpose, a doctor, the speaker, a parent
        ("The teacher is lovely.", set()),
        ("Mrs Novak has a cold.", set()),
        ("Mr Quinn was Leah's teacher.", set()),
        ("Leah's old teacher Mr Quinn retired.", set()),
        ("I spoke to the teacher, Mrs Novak.", set()),
        ("I have Mr Quinn at 3 for my mortgage.", set()),
        ("Leah has Mr Quinn on Saturdays for piano.", set()),
        ("Leah has Dr Novak on Monday.", set()),
        ("Leah had Mrs Novak last year.", set()),
        ("Leah doesn't have Mrs Novak.", set()),
        ("If Leah has Mr Quinn she'll be fine.", set()),
        ("Mum has Mrs Novak next door.", set()),
        ("Leah has Mrs Novak's number.", set()),
        # a job, the speaker's own class, a class or course said with it, a question, a condition, a title alone
        ("Mrs Hale is a teacher.", set()),
        ("we met in 2012, she's a teacher", set()),
        ("Mr Quinn is a teacher at Leah's school.", set()),
        ("the teacher at my spin class is Mrs Hale", set()),
        ("the tutor is Mr Quinn, I've had two lessons with him", set()),
        ("the teacher of the evening course is Mrs Hale", set()),
        ("is Leah's teacher Mrs Hale?", set()),
        ("if Leah's teacher is Mr Quinn next year she'll cope", set()),
        ("Leah's teacher is Mrs Hale? I thought it was Mr Quinn", set()),
        ("her teacher is Mrs", set()),
        ("Leah's teacher isn't Mrs Hale any more", {"leah.teacher = not hale"}),  # denied, still read
    ],
)
def test_a_childs_teacher(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".teacher" in s or ".age" in s} == expected


@pytest.mark.parametrize(
    ("text", "planned"),
    [
        # a boss ahead is a plan, not the boss now; one that was to be, or a mood ahead, is none
        ("Karen leaves on Friday, and my new boss is going to be Ravi Mehta.", {"self.boss = ravi"}),
        ("Ana's manager will be Priya from March.", {"self.boss = priya"}),
        ("My boss was going to be Priya but she left.", set()),
        ("My manager is going to be furious.", set()),
        ("My old manager is going to be Priya.", set()),
    ],
)
def test_a_boss_ahead_is_a_plan(parser, text, planned):
    slots = read_doc("m", parser.parse(text), "Ana").slots
    assert {slot.describe() for slot in slots if slot.future and slot.slot == "boss"} == planned
    assert not any(slot.slot == "boss" for slot in read_doc("m", parser.parse(text), "Ana").state_slots)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one favourite of a kind at a time, told either way round, a title with its "of"
        ("My favourite book is The Name of the Wind.", {"self.favourite[book] = name of the wind"}),
        ("ok Lies of Locke Lamora is my favourite book now", {"self.favourite[book] = lies of locke lamora"}),
        ("my new favourite restaurant is Osteria Nonna", {"self.favourite[restaurant] = osteria nonna"}),
        ("my favourite coffee shop is Fabrica on Rua das Flores", {"self.favourite[coffee shop] = fabrica"}),
        ("My sister's favourite colour is green.", {"self's sister.favourite[colour] = green"}),
        # the kind with what makes it one of its own: a place's favourite is not another place's
        ("My favourite restaurant in Lisbon is Ramiro.", {"self.favourite[restaurant in lisbon] = ramiro"}),
        ("My favourite place to eat is Ramiro.", {"self.favourite[place to eat] = ramiro"}),
        # a denied favourite, or one of a year, is no standing one
        ("My favourite food is not pasta anymore.", set()),
        ("My favourite film is not Alien, it's Aliens.", set()),
        ("My favourite book this year is Intermezzo.", set()),
        # which, a pronoun does not say; a former favourite, a moment's, an aspect's or several at once are no state
        ("it's my favourite book ever", set()),
        ("My old favourite band was Blur.", set()),
        ("My favourite bit was the cake.", set()),
        ("My favourite thing about Lisbon is the food.", set()),
        ("My favourite teams are Benfica and Porto.", set()),
        # "it" after the one thing its sentence names is that thing; after two, or none, it names nothing
        ("I watched Arrival again, it's still my favourite film.", {"self.favourite[film] = arrival"}),
        ("I finished Piranesi last night, it's my new favourite book.", {"self.favourite[book] = piranesi"}),
        ("I met Sam at Nando's, it's my favourite restaurant.", set()),
        ("I read it twice, it's my favourite book.", set()),
    ],
)
def test_a_favourite_is_one_thing_of_its_kind(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a taste kept or turned, said in the present
        ("I actually like mushrooms now", {"self.taste[mushroom] = like"}),
        ("I don't like olives", {"self.taste[olive] = dislike"}),
        ("I can't stand coffee anymore, tea now", {"self.taste[coffee] = dislike"}),
        ("I've gone off sushi, got food poisoning in october", {"self.taste[sushi] = dislike"}),
        ("I hate running", {"self.taste[run] = dislike"}),
        ("My sister hates cats", {"self's sister.taste[cat] = dislike"}),  # the tagger's lemma is "hat"
        # a taste turned is said with "now", which the parse may hang on the doing
        ("I really enjoy cycling now", {"self.taste[cycle] = like"}),
        ("I hate swimming now", {"self.taste[swim] = dislike"}),
        # "the" names one thing far more often than a kind ("the ring", "the plan", "the present"), but a few kinds
        # are said with it
        ("I love the ring!", set()),
        ("Honestly I hate the plan.", set()),
        ("I can't stand the cold.", {"self.taste[cold] = dislike"}),
        ("I actually love the treadmill now", {"self.taste[treadmill] = like"}),
        # a wish, a pronoun, a person, someone else's thing, an idea, the past: no taste
        # the kind with its words ("spicy food" is not "italian food"); one thing, one of a time or a place, a
        # person by what they are, a condition: no taste
        ("I don't like spicy food.", {"self.taste[spicy food] = dislike"}),
        ("I love Italian food.", {"self.taste[italian food] = like"}),
        ("I love this song.", set()),
        ("I hate the traffic in London.", set()),
        ("I love running in the morning.", set()),
        ("I hate the new manager.", set()),
        ("I hate Mondays", set()),
        ("If you like olives, try this.", set()),
        ("I'd love a coffee", set()),
        ("I'd like to go to Rome", set()),
        ("I love it", set()),
        ("I love my wife", set()),
        ("I love your dog", set()),
        ("I like the idea", set()),
        ("I loved the film", set()),
        ("I don't hate it", set()),
    ],
)
def test_a_taste_is_liking_or_disliking_a_thing(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".taste[" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the language one asks to be answered in, asked as a question, a request or a wish
        ("Ana asks: could Assistant answer in Portuguese from now on?", {"self.language[reply] = portuguese"}),
        ("Ana asks: can we switch back to English?", {"self.language[reply] = english"}),
        ("Ana would rather get replies in German.", {"self.language[reply] = german"}),
        # a language spoken, learnt, or said of a thing, and a reply told of: no wish
        ("Ana speaks Portuguese.", set()),
        ("Ana is learning Korean.", set()),
        ("The contract is in French.", set()),
        ("Her grandmother answered in Polish.", set()),
        # a reply someone else asked for, the speaker's own, or one to something else
        ("He asked me to reply in German.", set()),
        ("Ana asked Ana's boss if Ana could reply in English.", set()),
        ("Ana asks: can Assistant reply in Spanish to this email?", set()),
        ("We went back to Spanish class.", set()),
    ],
)
def test_the_language_one_wants_replies_in_is_one_at_a_time(parser, text, expected):
    assert {s for s in slots_of(parser, text) if ".language[" in s} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # how the speaker asks to be answered from now on, as the extractor writes it, and its change
        ("Ana asks not to use emojis.", {"self.instruction[emoji] = none"}),
        ("Ana noted: no emojis pls.", {"self.instruction[emoji] = none"}),
        ("Ana asks Assistant to stop using emojis.", {"self.instruction[emoji] = none"}),
        ("Ana noted: you can use emojis again.", {"self.instruction[emoji] = yes"}),
        ("Assistant can use emojis again, Ana was in a mood back then.", {"self.instruction[emoji] = yes"}),
        ("Ana asks to keep the answers brief.", {"self.instruction[length] = short"}),
        ("Ana asks to keep it short.", {"self.instruction[length] = short"}),
        ("Ana noted: more detailed replies are fine now.", {"self.instruction[length] = long"}),
        ("Ana noted: numbered bullets over long paragraphs please.", {"self.instruction[format] = bullet points"}),
        ("Ana noted: paragraphs are ok again.", {"self.instruction[format] = paragraphs"}),
        ("Ana asks to always give distances in metric, Ana knows Assistant leans imperial.", {"self.instruction[units] = metric"}),
        ("Ana asks Assistant to give the temperatures in celsius.", {"self.instruction[temperature] = celsius"}),
        ("Ana asks to use American spelling.", {"self.instruction[spelling] = american"}),
        ("Ana asks to call Ana Annie.", {"self.instruction[name] = annie"}),
        # one's pronouns and time zone, of whoever they are
        ("Ana goes by she/they these days.", {"self.pronouns = she/they"}),
        ("Ana went by she/her in school.", set()),
        ("Ana's timezone is wrong on Ana's laptop.", set()),
        ("Ana's manager Slacked Ana at midnight.", set()),
        ("Ana's brother goes by he/him.", {"self's brother.pronouns = he/him"}),
        ("Ana's time zone is GMT+1 now.", {"self.timezone = gmt+1"}),
        ("Ana is on pacific time.", {"self.timezone = pacific time"}),
        # what one does oneself, a thing of one answer, one thing's size or a zone of one event: nothing asked
        ("Ana uses metric at work.", set()),
        ("Ana wrote the report in bullet points.", set()),
        ("Ana asks: can Assistant convert 30 celsius to fahrenheit?", set()),
        ("The recipe is in metric.", set()),
        ("Sam sent Ana a message full of emojis.", set()),
        ("Ana's answers were short.", set()),
        ("Ana asks to keep the speech short.", set()),
        ("Ana asks Assistant to make a table of the costs.", set()),
        ("Ana asks Assistant to call Sam tonight.", set()),
        ("They call him Big Tom.", set()),
        ("The call is at 3pm CET.", set()),
        ("Ana went by train.", set()),
        ("it was 30 celsius today.", set()),
        # asked of oneself, by another, about one piece of writing or one occasion; stopping is a no
        ("Ana asks: can Ana use emojis in a cover letter?", set()),
        ("Ana asks: is it ok to use emojis at work?", set()),
        ("Ana asks: should Ana use metric or imperial for Ana's blog?", set()),
        ("He asked Ana to keep Ana's answers short in the interview.", set()),
        ("Ana tries to keep things short with Ana's ex.", set()),
        ("Ana asks Assistant not to put emojis in the email to Ana's landlord.", set()),
        ("Ana asks to send Ana the bullet points from the meeting.", set()),
        ("Ana asks to put the steps in bullet points so Ana can print them.", set()),
        ("Ana asks: can Assistant give a short answer to this: is it safe?", set()),
        ("Ana asks to keep it brief when Assistant talks to the landlord.", set()),
        ("Ana asks to stop using bullet points.", {"self.instruction[format] = not bullet points"}),
        # asked by avoiding, stopping "with", or in a word with "please"
        ("Ana asks to avoid emojis.", {"self.instruction[emoji] = none"}),
        ("Ana asks to stop with the emojis.", {"self.instruction[emoji] = none"}),
        ("Ana noted: no more smileys.", {"self.instruction[emoji] = none"}),
        ("Ana noted: no bullet points pls.", {"self.instruction[format] = not bullet points"}),
        ("Ana noted: shorter replies please.", {"self.instruction[length] = short"}),
        ("Ana noted: no more late nights.", set()),
        ("Ana avoided the bullet points in Ana's essay.", set()),
    ],
)
def test_how_one_asks_to_be_answered_is_one_way_at_a_time(parser, text, expected):
    slots = {s for s in slots_of(parser, text) if any(f".{name}" in s for name in ("instruction", "pronouns", "timezone"))}
    assert slots == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # chat's name of a diet, and a return to one
        ("Ana's dad is veggie.", {"self's dad.diet = vegetarian"}),
        ("Ana is veggie now.", {"self.diet = vegetarian"}),
        ("Ana has gone veggie.", {"self.diet = vegetarian"}),
        # a diet that was, a spell, or a dish: none now
        ("Ana was veggie for a while at uni.", set()),
        ("Ana went veggie for a month then gave up.", set()),
        ("Ana's dad went veggie for Lent.", set()),
        ("The lasagne is veggie now.", set()),
        ("Ana has gone back to veggie, the fish thing didn't last.", {"self.diet = vegetarian"}),
        ("Ana switched to vegan in March.", {"self.diet = vegan"}),
        ("Ana cooked for a vegan.", set()),
        ("Ana has been eating more veggies.", set()),
        # acting up is no game; how many "we" are is no age
        ("Ana's knee is playing up again.", set()),
        ("if we're 8 we need a bigger table", set()),
        ("Ana switched to veggie once but it didn't stick.", set()),
        ("Ana went back to veggie for a week then caved.", set()),
        ("Ana is going to switch to vegan next year.", set()),
        # a pastime given up in chat's words: a filler and a fragment after it, "finished with", the gym dropped
        ("Ana has given up swimming lol. shoulders.", {"self.activity[swim] = none"}),
        ("Ana finished the book.", set()),
        ("Ana just finished with homework.", set()),
        ("Ana dropped the gym.", {"self.activity[gym] = none", "self.activity[go gym] = none", "self.activity[do gym] = none",
                                  "self.activity[play gym] = none", "self.subscription[gym] = none"}),
        ("Ana dropped the kids at the gym.", set()),
        # what an assistant sends is no pastime, nor is reminding
        ("Ana asks to stop the daily reminders.", set()),
        ("Ana asks to stop reminding Ana about the dentist.", set()),
        # a move named by the noun: one ahead is no home yet
        ("Ana needs help planning Ana's move to Porto in the autumn.", set()),
        ("Ana's move to Porto went smoothly.", {"self.residence = porto"}),
        ("Since Ana's move to Cork the commute is shorter.", {"self.residence = cork"}),
    ],
)
def test_diets_pastimes_and_moves_in_chats_words(parser, text, expected):
    slots = {s for s in slots_of(parser, text) if any(f".{name}" in s for name in ("diet", "activity", "subscription", "residence", "age"))}
    assert slots == expected


def test_a_language_asked_for_after_another_clause_is_asked_for(parser):
    # "reply in spanish please" is parsed "in (spanish please)"; a language of a thing stays no wish
    assert "self.language[reply] = spanish" in slots_of(parser, "Ana is ready for spanish again, reply in spanish please.")
    assert not [s for s in slots_of(parser, "Ana noted: the menu is in spanish please.") if ".language[" in s]


@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        # a new partner now ends the old one's, though "dating" is said again; a partner told of again, a break-up
        # after, or one person's partner beside another's, is no other partner
        ("Marcus is my boyfriend now.", "Felix is my boyfriend now.", "updates"),
        ("I married Priya, my wife Priya is amazing.", "My girlfriend Leona is moving in.", "updates"),
        ("Marcus is my boyfriend now.", "Marcus is my boyfriend, we went to Wales.", "supports"),
        ("Marcus is my boyfriend now.", "Marcus and I broke up.", "updates"),
        ("Marcus is my ex.", "Felix is my boyfriend now.", None),
        ("Marcus is my boyfriend now.", "Felix is Mia's boyfriend now.", None),
    ],
)
def test_a_new_partner_ends_the_old_ones(parser, old, new, relation):
    from memory_pipeline.links.rules import another_partner, state_changes

    before, after = read_doc("a", parser.parse(old), "Jo"), read_doc("b", parser.parse(new), "Jo")
    changed = any(state_changes(a, b) for a in before.state_slots for b in after.state_slots if a.key == b.key)
    repeated = any(a.state == b.state for a in before.state_slots for b in after.state_slots if a.key == b.key)
    found = "updates" if changed or another_partner(after, before) else "supports" if repeated else None
    assert found == relation


def test_an_instruction_changed_updates_the_one_before(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("off", "Jess asks not to use emojis.", datetime(2025, 1, 30, 12), None),
        ("on", "Jess noted: you can use emojis again.", datetime(2025, 3, 15, 14), None),
        ("short", "Jess asks to keep answers short.", datetime(2025, 1, 30, 12, 5), None),
    ])
    assert links.get(("on", "off")) == "updates"
    assert ("on", "short") not in links or links[("on", "short")] != "updates"


def test_a_chat_word_is_no_word_two_memories_share(parser):
    """"btw" in two memories had made one episode of the gym and a restaurant."""
    words = read_doc("a", parser.parse("Osteria Nonna still my fave btw"), "Dana").words
    assert "btw" not in words and "osteria" in words


def test_one_speakers_self_is_not_anothers(parser):
    ana = read_doc("a", parser.parse("Ana lives in Lisbon."), "Ana")
    ben = read_doc("b", parser.parse("Ben lives in Porto."), "Ben")
    assert ana.slots[0].slot == ben.slots[0].slot == "residence" and ana.slots[0].key != ben.slots[0].key
    assert ben.slot(ana.slots[0].key) is None


# --- candidates -----------------------------------------------------------------------------------------------
def test_candidates_are_earlier_similar_and_limited():
    frame = pl.DataFrame(
        {
            "memory_id": [f"m{i}" for i in range(6)],
            "conversation_id": ["c"] * 5 + ["d"],
            "memory_kind": ["entry"] * 6,
            "position": [0, 1, 2, 3, 4, 0],
        }
    )
    vectors = np.array([[1, 0], [1, 0], [0.6, 0.8], [0, 1], [1, 0.05], [1, 0]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    jobs = candidate_jobs(frame, vectors, top_k=3, min_similarity=0.45, keep=2)
    by_target = {job.target_id: [c.memory_id for c in job.candidates] for job in jobs}
    assert by_target["m1"] == ["m0"]
    assert by_target["m3"] == ["m2"]  # m0 and m1 are below the cosine floor
    assert by_target["m4"] == ["m0", "m1"]  # keep = 2
    assert "m5" not in by_target  # another conversation: nothing earlier
    skipped = candidate_jobs(frame, vectors, 3, 0.45, 2, skip_pairs={frozenset(("m4", "m0"))}, is_candidate=lambda m: m != "m1")
    assert {job.target_id: [c.memory_id for c in job.candidates] for job in skipped}["m4"] == ["m2"]


# --- the rule classifier on the state-changes conversation --------------------------------------------------
def relation(built, src: str, dst: str) -> dict | None:
    links = built.links.links.filter(
        (pl.col("src_memory_id") == built.id_of(src)) & (pl.col("dst_memory_id") == built.id_of(dst))
    )
    return links.row(0, named=True) if links.height else None


@pytest.mark.parametrize(
    ("src", "dst", "expected"),
    [
        ("S2:2", "S1:6", "updates"),  # appointment moved to Friday
        ("S3:2", "S1:2", "updates"),  # Lisbon -> Berlin
        ("S3:3", "S1:4", "updates"),  # nurse -> no job
        ("S3:5", "S1:5", "updates"),  # vegetarian -> vegan
        ("S3:6", "S1:13", "updates"),  # yoga Mondays -> Thursdays
        ("S4:3", "S1:10", "updates"),  # dating -> single
        ("S4:4", "S3:3", "updates"),  # no job -> bakery
        ("S5:2", "S3:2", "updates"),  # Berlin -> Lisbon again
        ("S5:3", "S2:4", "updates"),  # two kids -> three
        ("S2:3", "S1:2", "supports"),  # still in Lisbon
        ("S3:4", "S1:8", "followup_of"),  # half marathon run
        ("S4:2", "S1:9", "followup_of"),  # camping trip called off
        ("S3:7", "S2:6", "contradicts"),  # "never said" moving to Madrid
    ],
)
def test_rule_links(built, src, dst, expected):
    link = relation(built, src, dst)
    assert link is not None and link["relation"] == expected and link["method"] == "rules"


def test_plans_move_once_with_the_link_and_time_that_moved_them(built):
    moves = {built.ref_of(row["memory_id"]): row for row in built.links.lifecycle.iter_rows(named=True)}
    assert {ref: row["lifecycle_status"] for ref, row in moves.items()} == {
        "S1:8": "completed", "S1:9": "cancelled", "S2:6": "contradicted",
    }
    assert moves["S1:8"]["changed_at"] == datetime(2024, 3, 17)  # "last Sunday" before 20 March
    assert moves["S1:9"]["changed_at"] == datetime(2024, 4, 25, 20, 0)
    link = relation(built, "S3:4", "S1:8")
    assert moves["S1:8"]["changed_by_link"] == link["link_id"] and link["lifecycle_change"] == "completed"
    assert built.lifecycles[built.id_of("S2:5")] == "pending"  # learning Italian: nothing happened to it
    assert lifecycle_updates(built.links.links).equals(built.links.lifecycle)


def test_separate_runs_and_unrelated_memories_are_not_one_episode(built):
    runs = relation(built, "S2:7", "S1:14")
    assert runs is None or runs["relation"] != "same_episode_as"
    assert relation(built, "S4:3", "S1:9") is None  # the breakup is not the camping trip's outcome
    people = built.links.links.filter(pl.col("src_memory_id") == built.id_of("S5:4"))
    assert set(people["relation"].to_list()) <= {"supports"}  # "still allergic ... no satay" contradicts nothing


def test_links_point_back_in_time_and_their_ends_exist(built):
    positions = dict(zip(built.frame["memory_id"], built.frame["position"], strict=True))
    links = built.links.links
    conversation_of = dict(zip(built.frame["memory_id"], built.frame["conversation_id"], strict=True))
    assert links.height and dangling_link_ends(links, conversation_of) == []
    assert all(positions[row["src_memory_id"]] > positions[row["dst_memory_id"]] for row in links.iter_rows(named=True))
    assert links["link_id"].n_unique() == links.height


def test_the_link_ends_check_finds_missing_memories_and_links_across_conversations(built):
    """The check runs on a chunk of several conversations at once, so an end in another conversation is a
    problem too, not only an end that is no memory at all."""
    link = built.links.links.head(1)
    src, dst = link["src_memory_id"][0], link["dst_memory_id"][0]
    conversation = link["conversation_id"][0]
    assert dangling_link_ends(link, {src: conversation}) == [f"{link['link_id'][0]}: destination {dst} is not a memory"]
    elsewhere = dangling_link_ends(link, {src: conversation, dst: "another"})
    assert elsewhere == [f"{link['link_id'][0]}: destination {dst} belongs to conversation another"]


# --- the LLM classifier through a fake client -------------------------------------------------------------------
def test_llm_classifier_one_batch_numbered_candidates_and_lifecycle(built):
    marathon_plan, marathon_done = built.id_of("S1:8"), built.id_of("S3:4")

    def answer(request):
        if request.item_id == marathon_done:
            number = candidate_number(request, "going to run the Porto")
            return {"links": [{"candidate": number, "relation": "followup_of", "confidence": "high",
                               "lifecycle_status": "completed"}, {"candidate": 99, "relation": "supports"}]}
        return {"links": []}

    client = FakeClient(answer)
    config = LinksConfig(classifier="llm")
    classifier = load_link_classifier(config, ClassifierResources(client, FakeRequest))
    result = build_links(built.frame, built.vectors, built.readings, classifier, config)
    assert len(client.batches) == 1  # every memory's request in one call
    request = client.batches[0][0]
    assert request.stage == "links" and request.prompt_version == "links@1" and request.response_model is LinksAnswer
    assert result.links.height == 1
    link = result.links.row(0, named=True)
    assert (link["src_memory_id"], link["dst_memory_id"], link["relation"], link["method"]) == (
        marathon_done, marathon_plan, "followup_of", "llm",
    )
    assert link["confidence"] == pytest.approx(0.9) and link["lifecycle_change"] == "completed"


def test_llm_failure_is_an_error_and_falls_back_only_when_asked(built):
    failing = FakeClient(lambda request: None)
    skip = LinksConfig(classifier="llm")
    result = build_links(built.frame, built.vectors, built.readings,
                         load_link_classifier(skip, ClassifierResources(failing, FakeRequest)), skip)
    assert result.links.height == 0 and len(result.errors) == result.metrics["jobs"] > 0
    assert result.errors[0].error == "backend down"
    rules = LinksConfig(classifier="llm", on_failure="rules")
    fallen = build_links(built.frame, built.vectors, built.readings,
                         load_link_classifier(rules, ClassifierResources(failing, FakeRequest)), rules)
    assert fallen.links.height == built.links.links.height
    assert set(fallen.links["method"].to_list()) == {"rules(llm_failed)"}


def test_llm_classifier_needs_a_client():
    with pytest.raises(ValueError, match="LLM client"):
        load_link_classifier(LinksConfig(classifier="llm"))
    with pytest.raises(ValueError, match="unknown link classifier"):
        load_link_classifier(LinksConfig(classifier="nope"))


# --- FTA units in the memory frame ------------------------------------------------------------------------------
def test_units_join_the_frame_and_keep_their_lifecycle(built, parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id, memory_frame, memory_vectors

    units = pl.DataFrame(
        {
            "memory_id": ["u1", "u2"],
            "conversation_id": ["state-changes"] * 2,
            "segment_id": ["s1", "s3"],
            "summary": ["a plan", "a report"],
            "content_text": ["User plans a pottery course in spring.", "User finished the pottery course."],
            "participants": [["user"], ["user", "assistant"]],
            "content_type": ["homework_or_plan", "event"],
            "event_start": [None, datetime(2024, 3, 1)],
            "dialogue_time": [datetime(2024, 1, 10, 19), datetime(2024, 3, 20, 18)],
            "lifecycle_status": ["pending", "unknown"],
        }
    )
    sources = pl.concat([
        built.sources,
        pl.DataFrame({"memory_id": ["u1", "u2"], "turn_id": ["state-changes:S1:8", "state-changes:S3:4"],
                      "conversation_id": ["state-changes"] * 2, "memory_kind": ["fta_unit"] * 2, "role": ["source"] * 2}),
    ], how="diagonal_relaxed")
    frame = memory_frame(built.entries, units, sources, built.turns)
    assert frame.filter(pl.col("memory_kind") == "fta_unit")["text"].to_list() == units["content_text"].to_list()
    unit = memories_by_id(frame)["u2"]
    assert unit.session_time == datetime(2024, 3, 20, 18) and unit.explicit_time and unit.source_turn_ids == ("state-changes:S3:4",)
    assert frame.filter(pl.col("memory_id") == "u1")["participants"].item() == "user"
    readings = read_frame(frame, parser)
    lifecycles = initial_lifecycles(memories_by_id(frame), readings)
    assert lifecycles["u1"] == "pending" and lifecycles["u2"] is None
    embeddings = pl.concat([built.embeddings, embed_units(units, embedder)], how="diagonal_relaxed")
    vectors = memory_vectors(frame, embeddings)
    result = build_links(frame, vectors, readings, load_link_classifier(LinksConfig()))
    kinds = dict(zip(frame["memory_id"], frame["memory_kind"], strict=True))
    assert all(kinds[r["src_memory_id"]] == kinds[r["dst_memory_id"]] == r["memory_kind"] for r in result.links.iter_rows(named=True))
    moves = {row["memory_id"]: row["lifecycle_status"] for row in result.lifecycle.iter_rows(named=True)}
    assert moves["u1"] == "completed"


def test_a_unit_that_only_calls_something_off_is_no_plan(parser):
    """A unit built pending for a date ahead ("tomorrow's interview is off") is no plan when its text calls
    something off and plans nothing of its own; a unit that drops one plan for another keeps the new one."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id, memory_frame

    texts = ["Jess withdrew from Halden Labs, so tomorrow's interview is off.",
             "The Lisbon trip is off, so Jess will drive to Porto on Friday instead.",
             "Jess is hosting a dance competition next month."]
    units = pl.DataFrame({
        "memory_id": ["off", "instead", "hosting"], "conversation_id": ["c"] * 3, "segment_id": ["s1", "s2", "s3"],
        "speaker": ["Jess"] * 3, "summary": texts, "content_text": texts, "participants": [["Jess"]] * 3,
        "content_type": ["homework_or_plan"] * 3, "event_start": [datetime(2025, 2, 20), datetime(2025, 2, 21), datetime(2025, 3, 1)],
        "dialogue_time": [datetime(2025, 2, 19, 18)] * 3, "lifecycle_status": ["pending"] * 3,
    })
    frame = memory_frame(None, units)
    lifecycles = initial_lifecycles(memories_by_id(frame), read_frame(frame, parser))
    assert lifecycles == {"off": None, "instead": "pending", "hosting": "pending"}


def embed_units(units: pl.DataFrame, embedder) -> pl.DataFrame:
    vectors = embedder.encode(units["content_text"].to_list())
    return pl.DataFrame({"memory_id": units["memory_id"], "model": [embedder.model_name] * units.height,
                         "vector": [list(v) for v in vectors]})


# --- plans moved, done on the new date, or dropped in the same breath --------------------------------------------
def _links_of(frame: pl.DataFrame, readings: dict, embedder) -> pl.DataFrame:
    """The links the rules make among :func:`_plan_frame` entries."""
    return build_links(frame, embedder.encode(frame["text"].to_list()), readings, load_link_classifier(LinksConfig())).links


def _read_plans(frame: pl.DataFrame, parser) -> tuple[dict, dict]:
    """The readings of :func:`_plan_frame` entries, and their lifecycles before any link."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    readings = read_frame(frame, parser)
    return readings, initial_lifecycles(memories_by_id(frame), readings)


def _plan_links(parser, embedder, rows: list[tuple]) -> pl.DataFrame:
    """The links the rules make among :func:`_plan_frame` entries, read with ``parser``."""
    from memory_pipeline.analysis import read_frame

    frame = _plan_frame(rows)
    return _links_of(frame, read_frame(frame, parser), embedder)


def _relations_by_pair(parser, embedder, rows: list[tuple]) -> dict[tuple[str, str], str]:
    """The relation the rules link each (source, destination) pair of :func:`_plan_frame` entries by."""
    linked = _plan_links(parser, embedder, rows)
    return {(r["src_memory_id"], r["dst_memory_id"]): r["relation"] for r in linked.iter_rows(named=True)}


def _plan_relations(parser, embedder, rows: list[tuple]) -> list[str]:
    """The relations the rules link among :func:`_plan_frame` entries."""
    return _plan_links(parser, embedder, rows)["relation"].to_list()


def _plan_frame(rows: list[tuple]) -> pl.DataFrame:
    """Entries (id, text, said, event day[, event end[, the expression that dates it]]) of one speaker, Jess, in one
    conversation."""
    from datetime import timedelta

    from memory_pipeline.memory_frame import memory_frame

    entries = pl.DataFrame({
        "memory_id": [r[0] for r in rows], "conversation_id": ["c"] * len(rows), "speaker": ["Jess"] * len(rows),
        "text": [r[1] for r in rows], "session_time": [r[2] for r in rows],
        "event_start": [r[3] for r in rows],
        "event_end": [r[4] if len(r) > 4 else r[3] + timedelta(days=1) if r[3] else None for r in rows],
        "event_time_basis": ["expression" if r[3] else None for r in rows], "source_turn_id": [f"S{n}:1" for n in range(len(rows))],
        "event_time_text": [r[5] if len(r) > 5 else None for r in rows],
    })
    return memory_frame(entries)


def _said_by(frame: pl.DataFrame, memory_id: str, speaker: str) -> pl.DataFrame:
    """:func:`_plan_frame` entries with ``memory_id`` said by ``speaker`` instead of Jess."""
    return frame.with_columns(
        pl.when(pl.col("memory_id") == memory_id).then(pl.lit(speaker)).otherwise(pl.col("speaker")).alias("speaker")
    )


def test_a_plan_moved_to_a_new_date_is_done_when_it_happens_there(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("plan", "Jess is planning to hike Mount Rainier this Saturday with Jess' friend Tom.", datetime(2024, 5, 6, 12), datetime(2024, 5, 11)),
        ("moved", "The hike got postponed to next weekend bc of the rain.", datetime(2024, 5, 13, 9), datetime(2024, 5, 25)),
        ("done", "Jess finally did the hike on saturday.", datetime(2024, 5, 27, 19), datetime(2024, 5, 25)),
    ])
    readings = read_frame(frame, parser)
    assert readings["moved"].corrected.words == {"hike"}  # the passive subject is what was moved; the reason is not
    vectors = embedder.encode(frame["text"].to_list())
    result = build_links(frame, vectors, readings, load_link_classifier(LinksConfig()))
    moves = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), result.links)
    # done two weeks after the planned Saturday: outside the plan's own window, inside the new one
    assert moves["plan"] == "completed"


@pytest.mark.parametrize(
    "plan, later, lifecycle",
    [
        # moving an appointment to another day is not having it: the plan stays open on its new day
        (("plan", "Jess's dentist appointment is on the 4th of March.", datetime(2025, 2, 10, 9), datetime(2025, 3, 4)),
         ("later", "The dentist moved Jess's appointment, it's now the 11th instead of the 4th.", datetime(2025, 2, 20, 9),
          datetime(2025, 3, 11), None, "the 11th"), "pending"),
        (("plan", "Jess's hearing test is on the 4th of March.", datetime(2025, 2, 10, 9), datetime(2025, 3, 4)),
         ("later", "The clinic moved Jess's hearing test, it's today now instead of the 4th.", datetime(2025, 3, 3, 9),
          datetime(2025, 3, 3), None, "today"), "pending"),
        # a step towards a plan that dates the plan still ahead is no news that it was done
        (("plan", "Jess will take her sabbatical from June.", datetime(2025, 4, 1, 9), datetime(2025, 6, 1), datetime(2025, 7, 1)),
         ("later", "Sabbatical approved! Jess is off from 1st June to 31st August.", datetime(2025, 5, 20, 9),
          datetime(2025, 6, 1), datetime(2025, 9, 1), "1st June to 31st August"), "pending"),
        (("plan", "Jess will take her sabbatical from June.", datetime(2025, 4, 1, 9), datetime(2025, 6, 1), datetime(2025, 7, 1)),
         ("later", "HR approved Jess's sabbatical! She's off from 1st June to 31st August.", datetime(2025, 5, 20, 9),
          datetime(2025, 6, 1), datetime(2025, 9, 1), "1st June to 31st August"), "pending"),
        # guards: a move done on another day than planned, a plan that was to change something, a deed done and
        # dated in the past, a deed whose memory dates only what follows it
        (("plan", "We're moving into the new flat on the 1st of June.", datetime(2025, 5, 1, 9), datetime(2025, 6, 1)),
         ("later", "We moved into the new flat on the 3rd instead of the 1st.", datetime(2025, 6, 5, 9),
          datetime(2025, 6, 3), None, "the 3rd"), "completed"),
        (("plan", "Jess will change the oil on Saturday.", datetime(2025, 4, 20, 9), datetime(2025, 4, 26)),
         ("later", "Changed the oil on Sunday instead.", datetime(2025, 4, 28, 9), datetime(2025, 4, 27), None, "on Sunday"),
         "completed"),
        (("plan", "Jess's scan is booked for the 13th of November.", datetime(2025, 10, 20, 9), datetime(2025, 11, 13)),
         ("later", "Jess had the scan on the 13th, all fine.", datetime(2025, 11, 14, 9), datetime(2025, 11, 13), None,
          "the 13th"), "completed"),
        (("plan", "Jess has an interview at Kestrel on the 5th of May.", datetime(2025, 4, 20, 9), datetime(2025, 5, 5)),
         ("later", "Kestrel offered Jess the job! She starts on the 2nd of June.", datetime(2025, 5, 9, 9),
          datetime(2025, 6, 2), None, "the 2nd of June"), "completed"),
    ],
)
def test_a_plan_moved_or_approved_for_a_day_ahead_is_not_done(parser, embedder, plan, later, lifecycle):
    """"the hospital moved my scan, it's now the 13th instead of the 6th" and "leave approved! I'm off from 1st
    June" (said in May) had marked the plan done: the move is no deed of the plan, and a report dated ahead of its
    saying fits no planned window by that date."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([plan, later])
    readings = read_frame(frame, parser)
    moves = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), _links_of(frame, readings, embedder))
    assert moves["plan"] == lifecycle


def test_a_plan_dropped_in_the_same_breath_is_not_pending(parser):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("dropped", "Jess was gonna sign up for the Seattle marathon but decided not to.", datetime(2024, 5, 6, 12), None),
        ("open", "Jess is going to sign up for the Seattle marathon.", datetime(2024, 5, 6, 12), None),
        # the future of a past moment: an intention overtaken; what replaced it is the plan
        ("overtaken", "Jess was going to move to Lisbon, but the team is fully remote, so Jess is staying in Porto.",
         datetime(2024, 5, 6, 12), None),
        ("instead", "Jess was gonna fly to Rome, so Jess will drive to Florence instead.", datetime(2024, 5, 6, 12), None),
    ])
    readings = read_frame(frame, parser)
    lifecycles = initial_lifecycles(memories_by_id(frame), readings)
    assert lifecycles == {"dropped": None, "open": "pending", "overtaken": None, "instead": "pending"}
    assert readings["instead"].plan.words == {"drive", "florence"}


def test_a_present_state_that_no_longer_holds_calls_no_plan_off(parser):
    """ "anymore" / "no longer" call a plan off only on a negated plan ("not going anymore", "won't go after all",
    "don't want to go anymore"); a present state or habit that ended is the plan's reason, not its end."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.analysis.cues import cancel_cues
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("blazer", "Jess is going to buy a new blazer this weekend, Jess's old one doesn't fit anymore.",
         datetime(2025, 2, 11, 12), None),
        ("phone", "Jess will get a new phone on Friday, Jess's old one no longer works.", datetime(2025, 2, 11, 12), None),
    ])
    readings = read_frame(frame, parser)
    assert readings["blazer"].cancel is None and readings["phone"].cancel is None
    assert initial_lifecycles(memories_by_id(frame), readings) == {"blazer": "pending", "phone": "pending"}
    for text in ("We're not going to the concert anymore.", "Jess won't go to the party after all.",
                 "Jess doesn't want to go to the party anymore.", "Jess isn't running the marathon anymore.",
                 # with no plan of its own beside it, a state that ended may end an arrangement
                 "Jess doesn't need the van anymore.", "We don't have the Friday slot anymore."):
        assert list(cancel_cues(parser.parse(text))), text


def test_a_plan_is_done_by_its_planner_not_by_what_someone_else_did(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def lifecycle_of_the_plan(rows, speakers):
        frame = _plan_frame(rows).with_columns(
            pl.col("memory_id").replace_strict(speakers, default=pl.col("speaker")).alias("speaker"))
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return initial["plan"], final_lifecycles(initial, linked)["plan"]

    plan = ("plan", "Jess will start a climbing course at the gym next Wednesday.", datetime(2024, 4, 5, 18), datetime(2024, 4, 10))
    friend = ("friend", "Kai started a climbing course at the gym.", datetime(2024, 6, 21, 18), None)
    own = ("own", "Jess started the climbing course at the gym.", datetime(2024, 6, 21, 18), None)
    assert lifecycle_of_the_plan([plan, friend], {"friend": "Kai"}) == ("pending", "pending")
    assert lifecycle_of_the_plan([plan, own], {}) == ("pending", "completed")
    told = ("told", "Jess started the climbing course at the gym, Kai says.", datetime(2024, 6, 21, 18), None)
    assert lifecycle_of_the_plan([plan, told], {"told": "Kai"}) == ("pending", "completed")  # the friend tells of it


def test_a_plan_said_to_be_off_is_called_off(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("show", "Jess will make a slideshow of the old photos for the party.", datetime(2025, 2, 8, 12), None),
        ("off", "Ok, the photo slideshow for the party is off then.", datetime(2025, 3, 15, 12), None),
        ("bed", "Jess is off to bed.", datetime(2025, 3, 15, 12), None),
    ])
    readings = read_frame(frame, parser)
    assert readings["off"].cancelled.words >= {"slideshow"} and readings["bed"].cancel is None  # a person is not off
    initial = initial_lifecycles(memories_by_id(frame), readings)
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["show"] == "cancelled"


def test_a_relative_named_by_both_is_not_one_event_alone(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def plan_after(report: str) -> str:
        frame = _plan_frame([
            ("plan", "Not yet, Jess will do Mom's side this week.", datetime(2025, 3, 15, 12), datetime(2025, 3, 17)),
            ("visit", "Jess is going to visit Jess' grandma next week.", datetime(2025, 3, 15, 12), datetime(2025, 3, 17)),
            ("later", report, datetime(2025, 5, 27, 12), None),
        ])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        final = final_lifecycles(initial, linked)
        return final["plan"], final["visit"]

    # "Mom" is all the two share: no report on her side (of the invitations)
    assert plan_after("Mom told Jess afterwards that it was exactly the right size, not a big fuss.") == ("pending", "pending")
    # the visit shares its verb as well as the grandma: done
    assert plan_after("Jess visited Jess' grandma, she loved the flowers.") == ("pending", "completed")


def test_an_arrangement_in_the_present_progressive_is_a_plan_and_is_done(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("lunch", "Jess is meeting Sara for lunch on Friday.", datetime(2024, 5, 6, 12), datetime(2024, 5, 10)),
        ("now", "Jess is reading a book right now.", datetime(2024, 5, 6, 12), None),
        ("done", "Lunch with Sara on Friday was lovely.", datetime(2024, 5, 13, 9), datetime(2024, 5, 10)),
    ])
    readings, initial = _read_plans(frame, parser)
    assert initial["lunch"] == "pending" and initial["now"] is None  # no date ahead, no arrangement
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["lunch"] == "completed"


# A plan (said 1 March, for April), then what a later session (1 June) says of its thing, and the plan's lifecycle
THING_CAME_ABOUT = [
    ("I'll renew my driving licence in April.", "My new licence arrived last week.", "completed"),
    ("We're putting up a greenhouse in April.", "The greenhouse is up, finally!", "completed"),
    ("I'm going to varnish the decking in April.", "The decking is varnished now.", "completed"),
    ("We're planting the raised beds in April.", "The raised beds are in, looking good.", "completed"),
    # guards: another's thing, the thing not yet come, a plan not of bringing the thing about, its place, a question
    ("I'll renew my driving licence in April.", "Tom's licence arrived last week.", "pending"),
    ("I'll renew my driving licence in April.", "My new licence hasn't arrived.", "pending"),
    ("I'm going to varnish the decking in April.", "The decking is up at last.", "pending"),
    ("I'm going to sell my van in April.", "My van is fixed now.", "pending"),
    ("We're putting up a greenhouse in April.", "The greenhouse is in the back garden.", "pending"),
    # "up" or "in" for a thing is what it is there for, not its being in place
    ("We're putting up a greenhouse in April.", "The greenhouse is up for sale now.", "pending"),
    ("We're putting up a greenhouse in April.", "The greenhouse is up for now, finally!", "completed"),
    # a plan to put a thing up for sale is what "up for sale" tells came about
    ("We're putting the caravan up for sale in April.", "The caravan is up for sale now.", "completed"),
    ("I'm putting the flat up for rent in April.", "The flat is up for rent now.", "completed"),
    ("We're putting the caravan up for sale in April.", "The caravan is up for repairs now.", "pending"),
    # chat's passive with its "be" left out, as a headline says it; too short for the embedding to find the plan
    ("I'll book the ferry tickets to Calais in April.", "Ferry tickets booked!", "completed"),
    ("I'm going to sell the old bike in April.", "Bike sold, yay", "completed"),
    # guards: a question (answered no, or not), another thing of the same kind, another place, another's, a denial,
    # another's doing, a thing arriving where the plan sent it
    ("I'll book the ferry tickets to Calais in April.", "Ferry tickets booked? Nope, still too pricey.", "pending"),
    ("I'll book the ferry tickets to Calais in April.", "Ferry tickets booked?! Really?", "pending"),
    ("I'll book the ferry tickets to Calais in April.", "Cinema tickets booked!", "pending"),
    ("I'll pay the water bill in April.", "Council tax bill paid.", "pending"),
    ("I'll book a cottage in Devon in April.", "Cottage in Wales booked.", "pending"),
    ("I'll book a massage in April.", "Massage booked for Priya.", "pending"),
    ("I'll book the ferry tickets to Calais in April.", "Ferry tickets not booked yet.", "pending"),
    ("I'll call my brother in April.", "Brother called.", "pending"),
    ("I'll wire the deposit to my landlord in April.", "Deposit arrived from the agency.", "pending"),
    # ... nor a headline only nearly so
    ("I'll book the ferry tickets to Calais in April.", "Ferry tickets almost booked!", "pending"),
]


# A plan (said 4 March, undated), then a report on its thing in a later session (20 March), and the plan's lifecycle
DEED_ON_THE_PLANS_THING = [
    # another deed on the same thing, the opposite included, or none of the planner's: another story, not the plan done
    ("Jess is going to sell the car.", "Jess washed the car yesterday.", "pending"),
    ("Jess is going to sell the car.", "Jess fixed the car in the end.", "pending"),
    ("Jess is going to return the washing machine.", "Jess kept the washing machine in the end.", "pending"),
    ("Jess is going to return the washing machine.", "The washing machine broke again.", "pending"),
    ("Jess will reject their offer.", "Jess accepted their offer in the end.", "pending"),
    ("Jess is going to appeal the fine.", "Jess paid the fine in the end.", "pending"),
    ("Jess will cancel the gym membership next week.", "Jess renewed the gym membership instead.", "pending"),
    ("Jess will decline the settlement.", "Jess signed the settlement yesterday.", "pending"),
    ("Jess will sow the chillies next weekend.", "Jess came second in the chilli class yesterday.", "pending"),
    ("Jess will return the parcel.", "Jess opened the parcel on Monday.", "pending"),
    ("Jess will take the voucher.", "Jess refused the voucher in the end.", "pending"),
    ("Jess will send the form.", "Jess filled in the form on Monday.", "pending"),  # "fill" and "file" share a stem
    ("Jess will email the report to Tom.", "Jess wrote the report.", "pending"),  # written is not yet sent
    # the plan's verb, its noun, a verb of the same deed, one that follows it, or one that says it was done
    ("Jess is going to sell the car.", "Jess sold the car last week.", "completed"),
    ("Jess is going to sell the car.", "Jess went ahead and sold the car.", "completed"),
    ("Jess is going to appeal the fine.", "Jess lodged the appeal on Monday.", "completed"),
    ("Jess is going to return the washing machine.", "Jess took the washing machine back to the shop.", "completed"),
    ("Jess will call the plumber.", "Jess rang the plumber yesterday.", "completed"),
    ("Jess will buy a new laptop.", "Jess got a new laptop on Saturday.", "completed"),
    ("Jess will fix the bike.", "Jess repaired the bike on Sunday.", "completed"),
    ("Jess will clean the car.", "Jess washed the car on Saturday.", "completed"),
    ("Jess will send the form.", "Jess posted the form on Monday.", "completed"),
    ("Jess is going to buy her flowers.", "Jess gave her flowers on Sunday.", "completed"),
    ("Jess will write the report.", "Jess emailed the report to Tom.", "completed"),
    ("Jess will paint the shed.", "Jess finished the shed on Saturday.", "completed"),
    ("Jess is going to complain to the council about the noise.", "Jess complained to the council on monday.", "completed"),
    # a plan that names no deed of its own: any deed on its thing (a booked one: the scan test of the plans moved)
    ("Jess will go to the dentist.", "Jess went to the dentist on Monday.", "completed"),
    ("Jess will do the car boot sale.", "Jess sold the old bike at the car boot sale.", "completed"),
]


@pytest.mark.parametrize("plan,later,lifecycle", DEED_ON_THE_PLANS_THING)
def test_a_plan_is_done_by_its_own_deed_not_by_another_on_its_thing(parser, embedder, plan, later, lifecycle):
    """"going to sell the car", then "washed the car yesterday"; "reject their offer", then "accepted their offer":
    the report shared the plan's thing, and that alone had completed the plan."""
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([("plan", plan, datetime(2025, 3, 4, 12), None), ("later", later, datetime(2025, 3, 20, 12), None)])
    readings, initial = _read_plans(frame, parser)
    assert initial["plan"] == "pending"
    assert final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"] == lifecycle


@pytest.mark.parametrize("plan,later,lifecycle", [
    ("Jess is going to sell the car on Saturday.", "Jess washed the car on Saturday.", "pending"),
    ("Jess will appeal the fine on Saturday.", "Jess paid the fine on Saturday.", "pending"),
    ("Jess will plant the potatoes on Saturday.", "Jess dug up the potatoes on Saturday.", "pending"),
    ("Jess will paint the shed on Saturday.", "Jess fixed the shed roof on Saturday.", "pending"),
    ("Jess will plant the potatoes on Saturday.", "Jess put the potatoes in on Saturday.", "completed"),
    ("Jess will call the plumber on Saturday.", "Jess phoned the plumber on Saturday.", "completed"),
])
def test_another_deed_on_the_plans_thing_on_its_day_does_not_do_it(parser, embedder, plan, later, lifecycle):
    """The planner's report of the plan's event on its day, in other words, completes it ("leaving Berlin on the
    28th", then "I moved on the 28th"), but not a report of another deed on its thing on that day."""
    from memory_pipeline.links import final_lifecycles

    saturday = datetime(2025, 3, 8)
    frame = _plan_frame([("plan", plan, datetime(2025, 3, 4, 12), saturday),
                         ("later", later, datetime(2025, 3, 10, 12), saturday)])
    readings, initial = _read_plans(frame, parser)
    assert final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"] == lifecycle


@pytest.mark.parametrize("plan,later,lifecycle", THING_CAME_ABOUT)
def test_a_plans_thing_told_as_come_about_completes_it(parser, embedder, plan, later, lifecycle):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("plan", plan, datetime(2025, 3, 1, 12), datetime(2025, 4, 1), datetime(2025, 5, 1)),
        ("later", later, datetime(2025, 6, 1, 12), None),
    ])
    readings, initial = _read_plans(frame, parser)
    assert initial["plan"] == "pending"
    assert final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"] == lifecycle


@pytest.mark.parametrize("headline,done", [
    ("Ferry tickets booked!", {"ferry": "completed", "cinema": "pending"}),
    ("Cinema tickets booked!", {"ferry": "pending", "cinema": "completed"}),
    ("Tickets booked!", {"ferry": "pending", "cinema": "pending"}),  # which tickets, it does not say
])
def test_a_headline_completes_the_one_plan_it_names(parser, embedder, headline, done):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("ferry", "I'll book the ferry tickets in April.", datetime(2025, 3, 1, 12), datetime(2025, 4, 1), datetime(2025, 5, 1)),
        ("cinema", "I'll book the cinema tickets in April.", datetime(2025, 3, 1, 13), datetime(2025, 4, 1), datetime(2025, 5, 1)),
        ("later", headline, datetime(2025, 6, 1, 12), None),
    ])
    readings, initial = _read_plans(frame, parser)
    final = final_lifecycles(initial, _links_of(frame, readings, embedder))
    assert {key: final[key] for key in done} == done


def test_a_thing_told_as_come_about_before_its_plans_day_completes_nothing(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("plan", "We're putting up a greenhouse in August.", datetime(2025, 3, 1, 12), datetime(2025, 8, 1), datetime(2025, 9, 1)),
        ("later", "The greenhouse is up, finally!", datetime(2025, 6, 1, 12), None),
    ])
    readings, initial = _read_plans(frame, parser)
    assert final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"] == "pending"


def test_a_sign_up_or_arrangement_for_a_date_ahead_is_a_plan_and_dropping_out_cancels_it(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("race", "Jess signed up for the Chicago marathon. It's on October 13.", datetime(2024, 3, 4, 19), datetime(2024, 10, 13)),
        ("class", "Jess signed up for a pottery class last week.", datetime(2024, 3, 4, 19), datetime(2024, 2, 26)),
        ("off", "Jess hurt Jess' ankle, so Jess dropped out of the Chicago marathon.", datetime(2024, 3, 18, 20), None),
        # a present progressive whose date lies ahead, which no word of the date says ("the end of the month")
        ("host", "Jess is hosting Jess' parents at the end of the month.", datetime(2024, 3, 4, 19), datetime(2024, 3, 21)),
    ])
    readings, initial = _read_plans(frame, parser)
    assert initial["race"] == "pending" and initial["class"] is None  # the class's date is behind the session
    assert initial["host"] == "pending"
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["race"] == "cancelled"


def test_not_going_calls_the_trip_off_and_is_no_arrangement_itself(parser, embedder):
    """As in the bundled sample: a trip planned in February, turned down in April, when "the workshop is in two
    weeks" had made the turning down a plan of its own (a negated progressive read as an arrangement)."""
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("plan", "Jess is flying to Montreal for the workshop in May.",
         datetime(2024, 2, 5, 22), datetime(2024, 5, 1), datetime(2024, 6, 1), "May"),
        ("off", "Update on Montreal: Jess is not going. The visa still hasn't come through and the workshop is in "
                "two weeks.", datetime(2024, 4, 24, 21), datetime(2024, 5, 6)),
    ])
    readings, initial = _read_plans(frame, parser)
    assert initial == {"plan": "pending", "off": None}
    assert not readings["off"].arranged.words or readings["off"].cancel is not None
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["plan"] == "cancelled"


@pytest.mark.parametrize(
    ("text", "planned"),
    [
        # what a group settles on is said with "let's" as often as with "will"
        ("Let's grab dinner on Friday.", {"grab", "dinner"}),
        ("Let's move it to 4 May then so Bex can come.", {"move", "bex"}),
        # a way of speaking, or a "let" of permission, proposes nothing
        ("Let's see how it goes.", set()),
        ("Let's hope it works.", set()),
        ("Let me know on Friday.", set()),
        ("Art lets us get our emotions out.", set()),
        ("They let us take a break from reality.", set()),
        ("let's play it by ear", set()),
        ("let's call it a night", set()),
    ],
)
def test_a_lets_proposes_a_plan(parser, text, planned):
    from memory_pipeline.analysis import read_doc

    assert set(read_doc("m", parser.parse(text), "Grace").plan.words) == planned


def test_a_timetabled_event_in_the_simple_present_with_a_date_ahead_is_a_plan(parser):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    said = datetime(2024, 3, 4, 9)
    frame = _plan_frame([
        ("job", "Jess starts Jess' new job at Stripe on the 18th.", said, datetime(2024, 3, 18)),
        ("flight", "Jess flies out to Lisbon next Friday.", said, datetime(2024, 3, 15)),
        ("habit", "Jess leaves for work at 8 every Monday.", said, datetime(2024, 3, 11)),
        ("behind", "Jess starts work at 9 today.", said, datetime(2024, 3, 4)),
        # a feeling foreseen is no plan
        ("miss", "Jess is gonna miss Kim.", said, None),
        # a window that starts on the day said but lies mostly ahead: "the end of the month", said on the 21st
        ("house", "Jess is moving to a bigger house at the end of the month.", datetime(2024, 10, 21, 19),
         datetime(2024, 10, 21), datetime(2024, 11, 1)),
        ("week", "Jess is reading a book this week.", datetime(2024, 10, 24, 19), datetime(2024, 10, 21), datetime(2024, 10, 28)),
    ])
    lifecycles = initial_lifecycles(memories_by_id(frame), read_frame(frame, parser))
    assert lifecycles == {
        "job": "pending", "flight": "pending", "habit": None, "behind": None, "miss": None, "house": "pending", "week": None,
    }


@pytest.mark.parametrize(
    "text, day, lifecycle",
    [
        # going or coming back on a day ahead is a return timetabled, like "returns"
        ("Jess goes back to work on the 1st of April.", datetime(2024, 4, 1), "pending"),
        ("I go back to the office next Monday.", datetime(2024, 3, 11), "pending"),
        ("Jess's mum comes back from Spain on the 20th.", datetime(2024, 3, 20), "pending"),
        ("Kim goes back on the 2nd of April, three days a week.", datetime(2024, 4, 2), "pending"),
        # guards: a habit, wherever the parse hangs its frequency; a thing's going back; a return told as past
        ("Jess goes back to work on Mondays.", datetime(2024, 3, 11), None),
        ("Jess goes back to the gym every Monday.", datetime(2024, 3, 11), None),
        ("I go back to bed at 2pm most days.", datetime(2024, 3, 5, 14), None),
        ("Things go back to normal next week.", datetime(2024, 3, 11), None),
        ("The dress goes back to the shop on Monday.", datetime(2024, 3, 11), None),
        ("Jess went back to work on the 1st.", datetime(2024, 3, 1), None),
        ("We go back a long way.", None, None),
    ],
)
def test_a_return_said_as_going_back_on_a_day_ahead_is_a_plan(parser, text, day, lifecycle):
    """"I go back to work on 1st September" and "jen goes back on the 1st of June" had been no plan, so nothing
    followed them up: "return" was timetabled, "go back" was not."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([("m", text, datetime(2024, 3, 4, 9), day)])
    assert initial_lifecycles(memories_by_id(frame), read_frame(frame, parser))["m"] == lifecycle


def test_a_wedding_planned_with_a_verb_is_done_when_told_with_a_noun(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("plan", "Jess is getting married on June 8th in Amman.", datetime(2024, 2, 5, 20), datetime(2024, 6, 8)),
        ("done", "The wedding was beautiful, Jess cried the whole time.", datetime(2024, 7, 22, 20), None),
    ])
    readings = read_frame(frame, parser)
    assert "wedding" in readings["plan"].plan.words
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), linked)["plan"] == "completed"


def test_an_event_named_by_a_verb_in_one_memory_and_a_noun_in_the_other_is_one_event(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.links.rules import event_overlap
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("flat", "We move into the new flat on the 1st of June.", datetime(2025, 5, 10, 12), datetime(2025, 6, 1)),
        ("moved", "The move got pushed back to the 8th of June.", datetime(2025, 5, 22, 12), datetime(2025, 6, 8)),
        ("renew", "I'm going to renew my passport on the 26th.", datetime(2025, 3, 1, 12), datetime(2025, 3, 26)),
        ("renewal", "The passport renewal went through.", datetime(2025, 3, 28, 12), None),
        ("pay", "I'll pay the tax bill by the end of April.", datetime(2025, 4, 1, 12), datetime(2025, 4, 20), datetime(2025, 5, 1)),
        ("payment", "The tax bill payment went through.", datetime(2025, 5, 2, 12), None),
        ("marry", "We're getting married on 14 September.", datetime(2025, 3, 1, 12), datetime(2025, 9, 14)),
        ("wedding", "The wedding has been pushed to the 19th of October.", datetime(2025, 4, 1, 12), datetime(2025, 10, 19)),
    ])
    readings = read_frame(frame, parser)
    # a day of the month and "the end of" a month are dates, not what the event is about
    assert readings["flat"].words == {"flat", "move", "new"} and readings["pay"].words == {"bill", "pay", "tax"}
    assert event_overlap(readings["wedding"], readings["marry"]) == 1.0
    initial = initial_lifecycles(memories_by_id(frame), readings)
    linked = _links_of(frame, readings, embedder)
    relations = {(r["src_memory_id"], r["dst_memory_id"]): r["relation"] for r in linked.iter_rows(named=True)}
    assert relations[("moved", "flat")] == "contradicts"  # a correction to a new date: consolidation supersedes
    final = final_lifecycles(initial, linked)
    assert (final["renew"], final["pay"]) == ("completed", "completed")


def test_plans_that_did_not_come_about_are_cancelled_and_a_cancellation_reports_nothing_done(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    said, later = datetime(2025, 5, 10, 9), datetime(2025, 6, 22, 17)
    frame = _plan_frame([
        ("half", "I'm going to run the Cardiff half marathon on the 18th of May.", said, datetime(2025, 5, 18)),
        ("skye", "I'm going to Skye at the end of the month with two friends from work.", said, datetime(2025, 5, 24), datetime(2025, 6, 1)),
        ("berlin", "Jess is flying to Berlin on the 20th of May for a conference.", said, datetime(2025, 5, 20)),
        ("never", "I never ended up running the Cardiff half marathon.", later, None),
        # of two cues, the one that names the event says what was called off
        ("storm", "Skye didn't happen, we cancelled it because of the storm.", later, None),
        ("online", "The conference went online, so Jess cancelled it.", later, None),
    ])
    readings = read_frame(frame, parser)
    assert readings["storm"].cancelled.words == {"skye"}
    initial = initial_lifecycles(memories_by_id(frame), readings)
    linked = _links_of(frame, readings, embedder)
    final = final_lifecycles(initial, linked)
    # "cancelled it" calls off what the memory names, the conference, which it never reports done
    assert (final["half"], final["skye"], final["berlin"]) == ("cancelled", "cancelled", "cancelled")
    assert readings["online"].cancelled.words == {"conference"}


@pytest.mark.parametrize(
    ("text", "called_off"),
    [
        ("There isn't going to be a wedding.", {"wedding"}),
        ("There won't be a party this year.", {"party"}),
        ("Sadly Skye didn't happen.", {"skye"}),
        ("I changed my mind about moving to Berlin.", {"berlin", "mind", "move"}),
        ("There's no milk left.", None),  # a thing missing now, not an event that will not be
        ("It happened on Friday.", None),
        # the arrangement's own present progressive, turned down; not the future "going to", nor things that go
        ("We're not going to the wedding.", {"wedding"}),
        ("Update on Montreal: Ana is not going.", {"update", "montreal"}),
        ("Ana is not going to lie, it was hard.", None),
        ("Ana wasn't going to the party anyway.", None),
        ("Things are not going well.", None),
        # a negated future of taking part, with what one would have done or gone to
        ("Ana hurt her Achilles, so Ana is not going to do the Dublin marathon this year.", {"dublin", "marathon"}),
        ("Ana won't be running the Dublin marathon.", {"dublin", "marathon"}),
        ("Ana won't make it to the wedding.", {"wedding"}),
        ("Ana will not be attending the conference.", {"conference"}),
        ("Ana is not going to drink at the wedding.", None),  # not what the wedding was for
        ("Ana won't go on about it.", None),
        ("Ana won't start until Monday.", None),  # a later start, not none
        ("If Ana doesn't get the job Ana won't move to Oslo.", None),  # a condition
        # only an event or a named place is called off: not details, a fuss, a meeting one keeps, a later start
        ("Ana won't go into the details of the wedding, it's all too stressful.", None),
        ("Ana is not going to make a big deal of the Bath half.", None),
        ("Don't worry, Ana won't move the meeting with the landlord.", None),
        ("Ana won't start the new job until March.", None),
        ("Ana is not going to Rome after all.", {"rome"}),
        # the negated verb is the event "after all" or "anymore" calls off, said first before its reason; what fell
        # through is its subject
        ("We're not moving after all, the flat fell through.", {"move", "flat"}),
        ("The house purchase fell through.", {"house", "purchase"}),
    ],
)
def test_events_that_will_not_be_or_did_not_come_about_are_called_off(parser, text, called_off):
    reading = read_doc("m", parser.parse(text), "Ana")
    assert (reading.cancelled.words if reading.cancel else None) == called_off


def test_a_change_of_mind_about_a_move_is_no_residence(parser):
    assert slots_of(parser, "I changed my mind about moving to Berlin.") == set()


def test_a_plan_to_call_something_off_is_done_when_it_is_called_off(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def lifecycles(plan: tuple, later: tuple, speaker: str = "Jess") -> tuple[str | None, str | None]:
        frame = _said_by(_plan_frame([plan, later]), later[0], speaker)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return initial[plan[0]], final_lifecycles(initial, linked)[plan[0]]

    gym = ("gym", "I'm going to cancel my gym membership this weekend.", datetime(2025, 1, 8, 12), datetime(2025, 1, 11), datetime(2025, 1, 13))
    assert lifecycles(gym, ("done", "I cancelled my gym membership on Saturday.", datetime(2025, 1, 15, 12), datetime(2025, 1, 11))) == (
        "pending", "completed")
    assert lifecycles(gym, ("kept", "I'm not going to cancel my gym membership after all.", datetime(2025, 1, 10, 12), None)) == (
        "pending", "cancelled")
    # the friend's own membership, called off the same weekend, is not the planner's
    assert lifecycles(gym, ("too", "I cancelled my gym membership too.", datetime(2025, 1, 15, 12), datetime(2025, 1, 11)),
                      speaker="Noah") == ("pending", "pending")
    coffee = ("coffee", "I'm going to give up coffee in February.", datetime(2025, 1, 8, 12), datetime(2025, 2, 1), datetime(2025, 3, 1))
    assert lifecycles(coffee, ("done", "I gave up coffee last week.", datetime(2025, 2, 20, 12), datetime(2025, 2, 10))) == (
        "pending", "completed")


def test_a_decision_to_act_is_a_plan(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("berlin", "I've decided to move to Berlin in June.", datetime(2025, 3, 9, 12), datetime(2025, 6, 1), datetime(2025, 7, 1)),
        ("car", "We decided to sell the car in May.", datetime(2025, 3, 9, 12), datetime(2025, 5, 1), datetime(2025, 6, 1)),
        ("moved", "I moved to Berlin last week.", datetime(2025, 6, 20, 12), datetime(2025, 6, 9), datetime(2025, 6, 16)),
    ])
    readings = read_frame(frame, parser)
    assert readings["car"].plan.words == {"car", "sell"}
    initial = initial_lifecycles(memories_by_id(frame), readings)
    assert (initial["berlin"], initial["car"]) == ("pending", "pending")
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["berlin"] == "completed"


def test_an_appointment_of_the_speakers_with_a_date_ahead_is_a_plan(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("first", "My dentist appointment is on Thursday the 20th.", datetime(2025, 3, 9, 12), datetime(2025, 3, 20)),
        ("off", "My dentist appointment got cancelled.", datetime(2025, 4, 22, 12), None),
        ("again", "I have a dentist appointment on the 6th of May.", datetime(2025, 4, 22, 12), datetime(2025, 5, 6)),
        ("went", "We finally went to the dentist on the 6th of May, no fillings.", datetime(2025, 6, 8, 12), datetime(2025, 5, 6)),
        ("past", "My meeting was on Sunday.", datetime(2025, 6, 8, 12), datetime(2025, 6, 1)),
    ])
    readings, initial = _read_plans(frame, parser)
    assert (initial["first"], initial["again"], initial["past"]) == ("pending", "pending", None)
    linked = _links_of(frame, readings, embedder)
    final = final_lifecycles(initial, linked)
    assert (final["first"], final["again"]) == ("cancelled", "completed")


def test_a_recovery_from_something_unnamed_ends_what_the_person_had(parser, embedder):
    linked = _plan_links(parser, embedder, [
        ("ill", "My mum has pneumonia.", datetime(2025, 2, 1, 12), None),
        ("well", "My mum is fully recovered.", datetime(2025, 3, 1, 12), None),
    ])
    assert [(r["src_memory_id"], r["relation"]) for r in linked.iter_rows(named=True)] == [("well", "updates")]


def test_a_plan_called_off_or_moved_in_few_words_is_found_however_far_its_embedding(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(later: tuple) -> tuple[list[str], str | None]:
        frame = _plan_frame([
            ("plan", "We're getting married on 14 September.", datetime(2025, 3, 1, 12), datetime(2025, 9, 14)),
            later,
        ])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return linked["relation"].to_list(), final_lifecycles(initial, linked)["plan"]

    moved = ("moved", "The wedding has been pushed to the 19th of October.", datetime(2025, 4, 1, 12), datetime(2025, 10, 19))
    # a new date for the wedding's day: an update of the arrangement, which consolidation supersedes
    assert outcome(moved) == (["updates"], "pending")
    off = ("off", "There isn't going to be a wedding.", datetime(2025, 4, 1, 12), None)
    assert outcome(off) == (["followup_of"], "cancelled")


def test_a_correction_word_corrects_the_event_of_its_own_clause(parser, embedder):
    from memory_pipeline.analysis import read_frame

    plan = ("plan", "I'll email Brightwell and Ostara about it in March.", datetime(2025, 2, 3, 9), datetime(2025, 3, 1), datetime(2025, 4, 1))
    lunch = ("lunch", "Ostara said fine. The last Brightwell retainer day is this Friday. They're taking me out for lunch on Friday "
             "actually, which is sweet.", datetime(2025, 3, 24, 11), datetime(2025, 3, 28))
    # "actually" sits in the lunch's clause: the plan that shares the memory's other words is not corrected
    assert read_frame(_plan_frame([lunch]), parser)["lunch"].corrected.words == {"lunch"}
    assert "contradicts" not in _plan_relations(parser, embedder, [plan, lunch])
    # a clause that names its event only by "it" is about what the rest of the memory names
    due = ("due", "The Ostara landing page is due on Friday the 21st.", datetime(2025, 2, 3, 9), datetime(2025, 2, 21))
    moved = ("moved", "Ostara moved the landing page deadline. It's now 7 March instead of the 21st because their copywriter "
             "is off sick.", datetime(2025, 2, 24, 14), datetime(2025, 3, 7))
    assert _plan_relations(parser, embedder, [due, moved]) == ["contradicts"]


def test_a_correction_moves_only_a_memory_whose_date_is_its_events(parser):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links.rules import classify_pair
    from memory_pipeline.memory_frame import memories_by_id

    def relation(old: tuple, new: tuple, old_is_plan: bool) -> str:
        frame = _plan_frame([old, new])
        readings, memories = read_frame(frame, parser), memories_by_id(frame)
        # a similarity that brings the pair as candidates, as the two memories' own did in a conversation
        return classify_pair(memories[new[0]], memories[old[0]], readings[new[0]], readings[old[0]], 0.52,
                             old_is_plan, LinksConfig()).relation

    # the old memory's date is the day off, its wedding an undated clause of its own: moving "the wedding" to a new
    # date corrects nothing there (it had contradicted it: another wedding)
    off = ("off", "Jess noted: Priya asked for next Saturday off, her sister's getting married. Jess will ask Jess's brother "
           "Sam to help Jess at the stall.", datetime(2025, 3, 29, 15), datetime(2025, 4, 5))
    moved = ("moved", "Jess noted: Actually no, they moved the wedding to the 21st of June.", datetime(2025, 4, 7, 10), datetime(2025, 6, 21))
    assert relation(off, moved, True) != "contradicts"
    # a memory whose date is the wedding's is still corrected
    wedding = ("wedding", "Her sister's wedding is on the 14th of June.", datetime(2025, 3, 29, 15), datetime(2025, 6, 14))
    assert relation(wedding, moved, False) == "contradicts"


def test_a_correction_gives_the_date_it_says_not_one_told_before_it(parser, embedder):
    trip = ("trip", "I'm planning a trip to Lisbon in April, right after the exam.", datetime(2025, 1, 14, 18),
            datetime(2025, 4, 1), datetime(2025, 5, 1), "in April")
    # the memory is dated by a sentence before the correction word's, about someone else's past: no new date of the trip
    sister = ("sister", "She did for two years, she's back in Leeds now. She might come to Lisbon with me, actually.",
              datetime(2025, 1, 23, 18), datetime(2023, 1, 23), datetime(2025, 1, 24), "for two years")
    assert "contradicts" not in _plan_relations(parser, embedder, [trip, sister])
    # a date said in the correction's own sentence moves the trip, whatever was told before it
    for text in ("Actually, the Lisbon trip is in May now.", "Exam's done. Actually, the Lisbon trip is in May now."):
        moved = ("moved", text, datetime(2025, 1, 23, 18), datetime(2025, 5, 1), datetime(2025, 6, 1), "in May")
        assert _plan_relations(parser, embedder, [trip, moved]) == ["contradicts"], text


def test_a_call_the_speaker_has_got_for_a_date_ahead_is_a_plan_and_called_off(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("call", "I've got a call with my accountant, Dev, on Thursday about the tax return.", datetime(2025, 2, 24, 14), datetime(2025, 2, 27)),
        ("mum", "I got a call from my mum on Friday.", datetime(2025, 2, 24, 14), datetime(2025, 2, 21)),
        ("off", "The call with Dev got cancelled, he had a family emergency.", datetime(2025, 3, 24, 11), None),
    ])
    readings, initial = _read_plans(frame, parser)
    assert (initial["call"], initial["mum"]) == ("pending", None)  # "have got" is having; "got a call" is past
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["call"] == "cancelled"


def test_a_hyphenated_event_noun_is_read_whole(parser):
    # the tokenizer splits "check-up" into "check", "-", "up": the lexicon's "check-up" had never matched, and the
    # speaker's check-up on a date ahead was no plan
    frame = _plan_frame([
        ("checkup", "I've got a check-up on Friday.", datetime(2025, 2, 24, 14), datetime(2025, 2, 28)),
        ("spaced", "I have a check - up on Friday.", datetime(2025, 2, 24, 14), datetime(2025, 2, 28)),
        ("catch", "I've got a catch-up on Friday.", datetime(2025, 2, 24, 14), datetime(2025, 2, 28)),
    ])
    _, initial = _read_plans(frame, parser)
    assert initial["checkup"] == "pending"
    # only a written hyphen joins the word; "catch-up" is no event noun of the lexicon, and stays none
    assert (initial["spaced"], initial["catch"]) == (None, None)


def test_calling_off_what_a_plan_was_to_call_off_never_cancels_the_plan(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("gym", "I'm going to cancel my gym membership this weekend.", datetime(2025, 1, 8, 12), datetime(2025, 1, 11), datetime(2025, 1, 13)),
        ("late", "I cancelled my gym membership last week.", datetime(2025, 4, 15, 12), datetime(2025, 4, 7), datetime(2025, 4, 14)),
    ])
    readings, initial = _read_plans(frame, parser)
    linked = _links_of(frame, readings, embedder)
    # done three months after its window: not the planned deed as far as dates tell, and no cancellation of the plan
    assert final_lifecycles(initial, linked)["gym"] == "pending"


def test_a_plan_that_names_its_thing_by_it_is_about_what_the_memory_names(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("plan", "My Adobe subscription renews on the 15th and it's gone up to £57 a month. I'm going to cancel it before then.",
         datetime(2025, 2, 3, 9), datetime(2025, 2, 15)),
        ("done", "I did cancel Adobe on the 12th.", datetime(2025, 2, 24, 14), datetime(2025, 2, 12)),
    ])
    readings = read_frame(frame, parser)
    assert {"adobe", "subscription"} <= readings["plan"].plan.words
    initial = initial_lifecycles(memories_by_id(frame), readings)
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["plan"] == "completed"
    # an idiom of a light verb or what the mind does with "it" names no thing: the plan is its own words only (on
    # LoCoMo "Jon is gonna make it" had become a plan about the business that "shut down my bank account" completed)
    for text in ("Starting my biz has been tough. I'm gonna make it.", "Maria met someone special at the shelter. I won't forget that."):
        words = read_frame(_plan_frame([("p", text, datetime(2025, 2, 3, 9), None)]), parser)["p"].plan.words
        assert not words & {"biz", "shelter", "someone", "special"}, words


def test_actually_before_a_yes_takes_up_an_offer_and_corrects_nothing(parser, embedder):
    from memory_pipeline.analysis import read_frame

    physio = ("physio", "Before that I have to do pre-op physio twice a week, starting Thursday.", datetime(2025, 1, 20, 9),
              datetime(2025, 1, 23))
    offer = ("offer", "Actually yes, could you take me to the pre-op assessment? It's on the 6th at 9:30.",
             datetime(2025, 1, 27, 9), datetime(2025, 2, 6))
    assert read_frame(_plan_frame([offer]), parser)["offer"].correction is None
    assert "contradicts" not in _plan_relations(parser, embedder, [physio, offer])
    # "actually no" still corrects, and so does "actually" before the corrected statement
    assert read_doc("n", parser.parse("Actually no, the party is on Saturday."), "Jess").correction is not None
    moved = ("moved", "Actually the pre-op physio is on Friday, not Thursday.", datetime(2025, 1, 27, 9), datetime(2025, 1, 24))
    assert _plan_relations(parser, embedder, [physio, moved]) == ["contradicts"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, corrects",
    [
        # "actually" ending a clause that sums up what was said ("as it happens") corrects nothing
        ("The boiler man comes on the 9th so that suits us actually.", False),
        ("We tried the new pizza place, it was lovely actually.", False),
        ("The quote came back lower, that's a relief actually.", False),
        # guards: the clause gives a day, or names what it corrects, or "actually" leads
        ("The recital is on Friday actually.", True),
        ("it's on the 21st actually", True),
        ("that's the 14th actually", True),
        ("Actually the plumber is coming on Monday.", True),
        ("We're going to Porto actually.", True),
        # a value of its own (a time, a dose, a place, a person) or a wrong said: a correction all the same
        ("it's half 4 actually", True),
        ("it's 40mg actually", True),
        ("it's in Bristol actually", True),
        ("it was Sanjay actually", True),
        ("that was my cousin actually", True),
        ("it's at the village hall actually", True),
        ("that's wrong actually", True),
        # judged, with no value: as it happens
        ("it worked out in the end actually", False),
        ("that's a good idea actually", False),
    ],
)
def test_actually_ending_a_clause_that_sums_up_corrects_nothing(parser, text, corrects):
    assert (read_doc("a", parser.parse(text), "Jess").correction is not None) == corrects


def test_an_arranged_event_no_one_else_owns_is_a_plan_and_done_when_reported(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("workshop", "Kickoff workshop is Tuesday 8 April.", datetime(2025, 3, 24, 11), datetime(2025, 4, 8)),
        ("tom", "Tom's interview is on Friday.", datetime(2025, 3, 24, 11), datetime(2025, 3, 28)),
        ("kids", "The kids' dentist appointment is on Thursday.", datetime(2025, 3, 24, 11), datetime(2025, 3, 27)),
        ("great", "Workshop on the 8th was great, the logo concepts are due on 9 May.", datetime(2025, 4, 28, 16), datetime(2025, 4, 8)),
        ("went", "Tom's interview went well and the kids' dentist appointment was quick.", datetime(2025, 4, 28, 16), None),
    ])
    readings, initial = _read_plans(frame, parser)
    # no one's workshop is the speaker's to go to; another's interview or appointment is one the speaker follows
    # (a carer's, a parent's), a plan as well, which "went well" and "was quick" tell done
    assert (initial["workshop"], initial["tom"], initial["kids"]) == ("pending",) * 3
    linked = _links_of(frame, readings, embedder)
    final = final_lifecycles(initial, linked)
    assert final["workshop"] == "completed"


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        # someone else's arrangement with a date ahead, as a carer or a householder tells it
        ("Grandad's hearing test is on the 12th at 11.", True),
        ("His knee scan is booked for next Wednesday.", True),
        ("The surgery have booked him in with the practice nurse on the 20th.", True),
        ("Dad moves into Rosewood on the 3rd of May.", True),
        ("She's going into the hospice for a week from Friday.", True),
        ("The fence panels are coming down next Saturday.", True),
        ("The roofers are starting on Thursday.", True),
        ("Memory clinic is on 9 May at 2.", True),
        # a habit, a past booking, a forecast, a day that is someone's, a negation: no plan
        ("Dad goes to the lunch club on Wednesdays.", False),
        ("They booked him in last week.", False),
        ("It's snowing on Friday apparently.", False),
        ("My brother's birthday is on the 12th.", False),
        ("She isn't moving on the 3rd after all.", False),
        ("Dad moved into Rosewood on the 3rd.", False),
    ],
)
def test_someone_elses_arrangement_for_a_date_ahead_is_a_plan(parser, text, plan):
    said = datetime(2026, 4, 6, 10)  # a Monday
    day = datetime(2026, 4, 3) if "moved" in text or "last week" in text else datetime(2026, 4, 12)
    _, initial = _read_plans(_plan_frame([("m", text, said, day)]), parser)
    assert (initial["m"] == "pending") is plan


# Another's arrangement (said Monday 3 March for Thursday the 6th), a later memory of the speaker's, its event day
# and who says it, and the arrangement's lifecycle: the one it is for must be the one who did it
ANOTHERS_PLAN_FOLLOWED_UP = [
    ("Priya is going to the optician on Thursday.", "I went to the optician on Thursday.", datetime(2025, 3, 6), "Jess", "pending"),
    ("My daughter is sitting her piano exam on the 6th.", "I sat my piano exam on the 6th.", datetime(2025, 3, 6), "Jess", "pending"),
    ("Dev is starting his new job on Thursday.", "I started my new job on Thursday.", datetime(2025, 3, 6), "Jess", "pending"),
    ("My wife is going to the dentist on Thursday.", "I went to the dentist on Thursday.", datetime(2025, 3, 6), "Jess", "pending"),
    # a plan of the speaker's own, said before its day, is no outcome of another's
    ("Rob's job interview is on Thursday.", "I've got a job interview on Tuesday.", datetime(2025, 3, 11), "Jess", "pending"),
    # guards: the deed of the one it is for, told by the speaker or by them, or the speaker's own plan
    ("Priya is going to the optician on Thursday.", "Priya went to the optician on Thursday.", datetime(2025, 3, 6), "Jess", "completed"),
    ("Priya is going to the optician on Thursday.", "I went to the optician on Thursday.", datetime(2025, 3, 6), "Priya", "completed"),
    ("I'm going to the optician on Thursday.", "I went to the optician on Thursday.", datetime(2025, 3, 6), "Jess", "completed"),
    # the speaker took the one it is for along, as object or companion, or "we" went: it took place
    ("Grandad is seeing the audiologist on Thursday.", "I took grandad to the audiologist on Thursday.", datetime(2025, 3, 6), "Jess", "completed"),
    ("My wife is going to the dentist on Thursday.", "I went to the dentist with my wife on Thursday.", datetime(2025, 3, 6), "Jess", "completed"),
    ("Grandad is seeing the audiologist on Thursday.", "we saw the audiologist on Thursday, his hearing is fine.", datetime(2025, 3, 6), "Jess", "completed"),
    # guard: another companion than the one it is for is no news of it
    ("My wife is going to the dentist on Thursday.", "I went to the dentist with my sister on Thursday.", datetime(2025, 3, 6), "Jess", "pending"),
]


@pytest.mark.parametrize("plan,later,day,speaker,lifecycle", ANOTHERS_PLAN_FOLLOWED_UP)
def test_anothers_arrangement_is_done_by_their_deed_not_the_speakers(parser, embedder, plan, later, day, speaker, lifecycle):
    from memory_pipeline.links import final_lifecycles

    frame = _said_by(_plan_frame([
        ("plan", plan, datetime(2025, 3, 3, 12), datetime(2025, 3, 6)),
        ("later", later, datetime(2025, 3, 9, 12), day),
    ]), "later", speaker)
    readings, initial = _read_plans(frame, parser)
    assert initial["plan"] == "pending"
    assert final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"] == lifecycle


def test_a_reschedule_named_by_the_date_it_replaces(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier

    def outcome(rows: list[tuple], speakers: dict[str, str] | None = None) -> tuple[list[tuple], dict[str, str]]:
        frame = _plan_frame(rows)
        for memory_id, speaker in (speakers or {}).items():
            frame = frame.with_columns(
                pl.when(pl.col("memory_id") == memory_id).then(pl.lit(speaker)).otherwise(pl.col("speaker")).alias("speaker"))
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        links = build_links(frame, vectors, readings, load_link_classifier(LinksConfig())).links
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return ([(r["src_memory_id"], r["relation"]) for r in links.iter_rows(named=True)],
                dict(result.status.select("memory_id", "status").iter_rows()))

    back = ("back", "I'm back at work on 8 April.", datetime(2025, 2, 16, 11), datetime(2025, 4, 8))
    moved = ("moved", "I'm back on the 15th of April now, not the 8th.", datetime(2025, 3, 23, 18), datetime(2025, 4, 15))
    # the old date names the arrangement, read at the new memory's session: it is moved and superseded
    links, status = outcome([back, moved])
    assert ("moved", "contradicts") in links and status["back"] == "superseded"
    # said on the 24th, "instead of the 21st" is the 21st just past, whatever words the two share
    due = ("due", "The landing page is due on Friday the 21st.", datetime(2025, 2, 3, 9), datetime(2025, 2, 21))
    now = ("now", "It's now 7 March instead of the 21st.", datetime(2025, 2, 24, 14), datetime(2025, 3, 7))
    links, status = outcome([due, now])
    assert ("now", "contradicts") in links and status["due"] == "superseded"
    # near misses: another speaker's arrangement that day, a past event told of that day, no memory dated the 8th,
    # the same day of another month: nothing is linked on the date, nothing hidden
    dinner = ("dinner", "We had a lovely dinner out on the 8th.", datetime(2025, 3, 10, 18), datetime(2025, 3, 8))
    for rows, speakers in (
        ([back, moved], {"back": "Tom"}),
        ([dinner, moved], None),
        ([("gym", "I joined the climbing gym.", datetime(2025, 2, 16, 11), None), moved], None),
        ([("may", "The team offsite is on 8 May.", datetime(2025, 2, 16, 11), datetime(2025, 5, 8)), moved], None),
    ):
        links, status = outcome(rows, speakers)
        assert all(relation != "contradicts" for _, relation in links), rows[0][0]
        assert set(status.values()) == {"active"}, rows[0][0]


def test_a_dated_thing_moved_in_few_words_is_superseded_not_called_off(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(rows: list[tuple]) -> tuple[list[str], dict[str, str], dict]:
        frame = _plan_frame(rows)
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        links = build_links(frame, vectors, readings, load_link_classifier(LinksConfig())).links
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        lifecycles = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), links)
        return links["relation"].to_list(), dict(result.status.select("memory_id", "status").iter_rows()), lifecycles

    # a deadline said as a fact, not a plan, whose embedding is far from the memory that moves it
    due = ("old", "The brochure is due to go to print on 3 June.", datetime(2025, 4, 7, 10), datetime(2025, 6, 3))
    moved = ("new", "We're moving the print date to June 17.", datetime(2025, 5, 20, 10), datetime(2025, 6, 17))
    links, status, _ = outcome([due, moved])
    assert links == ["contradicts"] and status["old"] == "superseded"
    slipped = ("new", "Bad news, the brochure slipped. The new date is June 17.", datetime(2025, 5, 20, 10), datetime(2025, 6, 17))
    deadline = ("old", "The brochure deadline is 3 June.", datetime(2025, 4, 7, 10), datetime(2025, 6, 3))
    links, status, _ = outcome([deadline, slipped])
    assert links == ["contradicts"] and status["old"] == "superseded"
    # an appointment called off and given a new day is moved: superseded, not cancelled
    physio = ("old", "I have a physio appointment on 12 May.", datetime(2025, 4, 7, 10), datetime(2025, 5, 12))
    rebooked = ("new", "They cancelled the physio appointment, new date is 26th May.", datetime(2025, 5, 2, 10), datetime(2025, 5, 26))
    links, status, lifecycles = outcome([physio, rebooked])
    assert links == ["contradicts"] and status["old"] == "superseded" and lifecycles["old"] != "cancelled"
    # "moved my appointment": the one with whom the sentence names
    optician = ("old", "I booked the optician for the 9th of May.", datetime(2025, 4, 7, 10), datetime(2025, 5, 9))
    rang = ("new", "The optician rang and moved my appointment to the 16th of May.", datetime(2025, 5, 2, 10), datetime(2025, 5, 16))
    links, status, _ = outcome([optician, rang])
    assert links == ["contradicts"] and status["old"] == "superseded"
    # guards: no new day given yet, or a called-off event with none: nothing superseded
    for later in (("new", "We need to find a new date for the brochure.", datetime(2025, 5, 20, 10), None),
                  ("new", "They cancelled the physio appointment.", datetime(2025, 5, 2, 10), None)):
        links, status, _ = outcome([due if "brochure" in later[1] else physio, later])
        assert "contradicts" not in links and status["old"] == "active", later[1]


def test_a_clipped_word_names_the_event_of_the_word_it_clips(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "My operation is on the 11th of March.", datetime(2025, 2, 16, 11), datetime(2025, 3, 11))

    def outcome(later: str, day: datetime | None = datetime(2025, 3, 11)) -> str | None:
        frame = _plan_frame([plan, ("later", later, datetime(2025, 3, 23, 18), day)])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return final_lifecycles(initial, linked)["plan"]

    # chat's "op" is the operation
    assert outcome("The op went fine on the 11th.") == "completed"
    assert outcome("They cancelled the op.", None) == "cancelled"
    # a photo op is no operation
    assert outcome("The photo op went fine on the 11th.") == "pending"


@pytest.mark.parametrize(("later", "day", "lifecycle"), [
    # a word a prefix makes with a hyphen is another thing: the pre-op assessment is not the op
    ("They cancelled the pre-op assessment.", None, "pending"),
    ("The post-op check went fine on the 11th.", datetime(2025, 3, 11), "pending"),
    # a postponement the sentence goes on to tell came about in the end is no calling off
    ("The operation got postponed twice but I finally had it on the 14th.", datetime(2025, 3, 14), "not cancelled"),
    ("Surgery was postponed again, we eventually went in on the 20th.", datetime(2025, 3, 20), "not cancelled"),
    # guards: the op itself called off, a postponement alone, or with what did not come about
    ("They cancelled the op.", None, "cancelled"),
    ("The operation got postponed.", None, "cancelled"),
    ("The operation was postponed and I still haven't had it.", None, "cancelled"),
    # what came 'in the end' is the event had, done or gone to, as "it" or alone; another deed after the delay is
    # no sign it came about ("pulled out", "phoned them", "lost my temper", "gave up on the hospital")
    ("The operation got postponed and we finally went in on the 19th.", datetime(2025, 3, 19), "not cancelled"),
    ("The operation got postponed and I eventually pulled out.", None, "cancelled"),
    ("The operation was postponed and I finally phoned them.", None, "cancelled"),
    ("The operation was postponed again and I finally lost my temper.", None, "cancelled"),
    ("The operation got postponed and I eventually gave up on the hospital.", None, "cancelled"),
    ("The operation got postponed and they eventually moved away.", None, "cancelled"),
    ("The operation was postponed, so we finally went home.", None, "cancelled"),
])
def test_a_prefixed_word_and_a_delay_told_on_the_way_to_done(parser, embedder, later, day, lifecycle):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "My operation is on the 11th of March.", datetime(2025, 2, 16, 11), datetime(2025, 3, 11))
    frame = _plan_frame([plan, ("later", later, datetime(2025, 3, 23, 18), day)])
    readings = read_frame(frame, parser)
    outcome = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), _links_of(frame, readings, embedder))["plan"]
    assert outcome != "cancelled" if lifecycle == "not cancelled" else outcome == lifecycle


@pytest.mark.parametrize(("text", "word", "not_word"), [
    # a prefix that is no word alone makes the whole word with or without its hyphen
    ("I'm on the anti inflammatories now.", "anti-inflammatories", "inflammatories"),
    ("I'm on the anti-inflammatories now.", "anti-inflammatories", "inflammatories"),
    ("The non alcoholic beer was fine.", "non-alcoholic", "alcoholic"),
    # guards: "post" and "ex" are words of their own apart
    ("I went to the post office.", "office", "post-office"),
    ("My ex wife called.", "wife", "ex-wife"),
])
def test_a_prefix_written_apart_still_makes_the_whole_word(parser, text, word, not_word):
    from memory_pipeline.analysis.cues import content_lemmas

    words, _ = content_lemmas(parser.parse(text), frozenset())
    assert word in words and not_word not in words


def test_a_plan_to_start_something_is_done_by_a_report_after_its_start(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(planned: str, later: str, day: datetime, end: datetime) -> str | None:
        frame = _plan_frame([
            ("plan", planned, datetime(2025, 4, 27, 10), datetime(2025, 5, 5), datetime(2025, 5, 12)),
            ("later", later, datetime(2025, 6, 22, 20), day, end),
        ])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return final_lifecycles(initial, linked)["plan"]

    start = "I start hydrotherapy the week after next."
    end_of_may = (datetime(2025, 5, 25), datetime(2025, 6, 1))
    # it went on past the start's week: finished at the end of May, it was started
    assert outcome(start, "I finished hydrotherapy at the end of May, six sessions in all.", *end_of_may) == "completed"
    # dated before the start, or another's, it tells nothing of the speaker's start
    assert outcome(start, "I finished hydrotherapy in March.", datetime(2025, 3, 1), datetime(2025, 4, 1)) == "pending"
    assert outcome(start, "Tom finished hydrotherapy at the end of May.", *end_of_may) == "pending"
    # a one-off plan keeps its window: done three weeks late is not the planned session as far as dates tell
    assert outcome("I'll do a hydrotherapy session the week after next.", "I did a hydrotherapy session at the end of May.",
                   *end_of_may) == "pending"


def test_what_a_plan_is_timed_by_is_not_what_it_plans(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "Jess is going to buy her a thank-you card after the exams.", datetime(2025, 4, 7, 21), None)

    def outcome(later: str, day: datetime | None = None) -> str | None:
        frame = _plan_frame([plan, ("later", later, datetime(2025, 4, 30, 18), day)])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return final_lifecycles(initial, linked)["plan"]

    # "after the exams" dates the plan; the exams are not what it plans, so their being over does not do it
    assert read_frame(_plan_frame([plan]), parser)["plan"].plan.words == {"buy", "thank", "card"}
    assert outcome("Jess finished her exams.") == "pending"
    assert outcome("Jess gave her the thank-you card yesterday.", datetime(2025, 4, 29)) == "completed"
    # nor does a clause of time ("once the move is done") name what is planned
    move = ("plan", "Jess will paint the kitchen once the move is done.", datetime(2025, 4, 7, 21), None)
    assert read_frame(_plan_frame([move]), parser)["plan"].plan.words == {"paint", "kitchen"}



def test_moving_an_event_to_another_day_is_no_report_that_it_was_done(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(rows: list[tuple]) -> str | None:
        frame = _plan_frame(rows)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        linked = _links_of(frame, readings, embedder)
        return final_lifecycles(initial, linked)["plan"]

    # moved two days on, inside the plan's window and its grace: a past-tense verb, but nothing was done yet
    plan = ("plan", "My statistics exam is on April 22.", datetime(2025, 3, 3, 19), datetime(2025, 4, 22))
    moved = ("moved", "The professor moved the statistics exam from April 22 to April 24.",
             datetime(2025, 3, 29, 11), datetime(2025, 4, 24))
    assert outcome([plan, moved]) == "pending"
    hike = ("plan", "Jess is going to hike Mount Rainier on Saturday.", datetime(2024, 5, 6, 12), datetime(2024, 5, 11))
    postponed = ("moved", "The hike got postponed to Sunday.", datetime(2024, 5, 9, 12), datetime(2024, 5, 12))
    assert outcome([hike, postponed]) == "pending"
    # done on the new day, it is completed
    done = ("done", "Jess did the hike on Sunday, it was great.", datetime(2024, 5, 13, 12), datetime(2024, 5, 12))
    assert outcome([hike, postponed, done]) == "completed"



def test_a_reschedule_from_a_named_day_corrects_only_what_was_on_that_day(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier

    def outcome(rows: list[tuple]) -> tuple[list[tuple], dict[str, str]]:
        frame = _plan_frame(rows)
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        links = build_links(frame, vectors, readings, load_link_classifier(LinksConfig())).links
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return ([(r["src_memory_id"], r["dst_memory_id"], r["relation"]) for r in links.iter_rows(named=True)],
                dict(result.status.select("memory_id", "status").iter_rows()))

    moved = ("moved", "The professor moved the statistics exam from April 22 to April 24.",
             datetime(2025, 3, 29, 11), datetime(2025, 4, 24))
    # the exam that was on the 22nd is the one moved, and superseded
    exam = ("exam", "My statistics exam is on April 22.", datetime(2025, 3, 3, 19), datetime(2025, 4, 22))
    links, status = outcome([exam, moved])
    # the appointment's new day (an update of its slot, whoever moved it) or the day named as moved from
    assert {("moved", "exam", "contradicts"), ("moved", "exam", "updates")} & set(links) and status["exam"] == "superseded"
    # a practice exam on another day shares its words, but the move names the day it was moved from: not this one
    practice = ("practice", "I have a practice exam for statistics on Friday.", datetime(2025, 3, 20, 18), datetime(2025, 3, 21))
    links, status = outcome([practice, moved])
    assert all(relation not in ("contradicts", "updates") for _, _, relation in links), links
    assert set(status.values()) == {"active"}


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Are the squad fees £55 a month now?", True),
        ("Is the landlord's offer £450 now?", True),
        ("The squad fees are £55 a month now.", False),
    ],
)
def test_a_question_read_from_the_words_an_entry_keeps_sets_no_slot(parser, text, asked):
    """The parse an entry carries has its words only: the question mark is in its text, and a slot asked about there
    is no more told than in the turn's own parse ("Is the landlord's offer £450 now?" had updated the offer)."""
    from memory_pipeline.parsing.words import doc_from_record, doc_record

    record = doc_record(parser.parse(text))
    last = len(record["tokens"]) - 1
    record["tokens"] = record["tokens"][:last]
    record["arcs"] = [arc for arc in record["arcs"] if last not in (arc["head"], arc["dep"])]
    record["sentences"], record["roots"] = [[0, last]], [root for root in record["roots"] if root != last]
    slots = read_doc("m", doc_from_record(record, text), "Ana").state_slots
    assert (not slots) is asked


def test_a_question_asserts_nothing_a_negation_could_contradict(parser, embedder):
    # the turns' own words, as the parse an entry carries reads them ("Jess asks: the cake?")
    ask = ("ask", "And the cake?", datetime(2025, 1, 30, 12), datetime(2025, 1, 30))
    miss = ("miss", "I wouldn't miss free cake for anything.", datetime(2025, 1, 30, 12, 5), datetime(2025, 1, 30))
    assert "contradicts" not in _plan_relations(parser, embedder, [ask, miss])
    # the parse an entry carries has its words only: the question mark is in its text ("Jess asks: the cake?")
    from memory_pipeline.analysis import only_questions
    from memory_pipeline.parsing.words import doc_from_record, doc_record

    record = doc_record(parser.parse("Jess asks: the cake?"))
    words = [n for n, t in enumerate(record["tokens"]) if t["text"] != "?"]
    record["tokens"] = [record["tokens"][n] for n in words]
    record["arcs"], record["sentences"] = [], [[0, len(words)]]
    assert only_questions(doc_from_record(record, "Jess asks: the cake?"))
    assert not only_questions(doc_from_record(record, "Jess asks: the cake."))
    # a statement of the same thing is still contradicted by its negation
    liked = ("liked", "Jess liked the free cake.", datetime(2025, 1, 30, 12), datetime(2025, 1, 30))
    assert _plan_relations(parser, embedder, [liked, ("not", "Jess didn't like the free cake.", datetime(2025, 1, 30, 12, 5), datetime(2025, 1, 30))]) == ["contradicts"]


def test_a_measure_changed_to_a_new_sum_updates_the_old_one(parser, embedder):
    links = _relations_by_pair(parser, embedder, [
        ("up", "Also the budget went up to $28,000. Sam's grandparents sent a check.", datetime(2025, 1, 30, 12), None),
        ("cut", "We cut the budget back to $26,500 since we don't need as much food.", datetime(2025, 3, 15, 14), None),
    ])
    assert links == {("cut", "up"): "updates"}


def test_a_visit_or_a_delivery_awaited_is_a_plan_and_done_when_it_comes(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("plumber", "The plumber is coming on Tuesday between 8 and 12.", datetime(2026, 3, 2, 10), datetime(2026, 3, 3)),
        ("parcel", "My parcel is arriving on Friday.", datetime(2026, 3, 2, 10), datetime(2026, 3, 6)),
        ("sofa", "The sofa is being delivered on Saturday.", datetime(2026, 3, 2, 10), datetime(2026, 3, 7)),
        ("engineer", "An engineer is coming on the 5th.", datetime(2026, 3, 2, 10), datetime(2026, 3, 5)),
        # told as done, or someone else's coming: no plan
        ("came", "The electrician came on Monday.", datetime(2026, 3, 2, 10), datetime(2026, 3, 2)),
        ("mum", "My mum is coming on Sunday.", datetime(2026, 3, 2, 10), datetime(2026, 3, 8)),
        ("arrived", "The parcel arrived this morning.", datetime(2026, 3, 7, 9), datetime(2026, 3, 7)),
        ("fixed", "The plumber came this morning, all fixed.", datetime(2026, 3, 3, 13), datetime(2026, 3, 3)),
        ("fitter", "The kitchen fitter is coming on 6 October to measure up.", datetime(2026, 3, 2, 10), datetime(2026, 10, 6)),
        ("moved", "Jess noted: the kitchen fitter moved the measuring visit to the 9th.", datetime(2026, 3, 4, 10), datetime(2026, 10, 9)),
    ])
    readings, initial = _read_plans(frame, parser)
    assert (initial["plumber"], initial["parcel"], initial["sofa"], initial["engineer"]) == ("pending",) * 4
    assert initial["came"] is None
    final = final_lifecycles(initial, _links_of(frame, readings, embedder))
    assert (final["plumber"], final["parcel"]) == ("completed", "completed")
    assert final["fitter"] != "completed"  # moved to another day, not done


def test_a_thing_swapped_for_another_changes_the_plan_or_state_that_named_it(parser, embedder):
    linked = _plan_links(parser, embedder, [
        ("porto", "We're planning a long weekend in Porto after Easter.", datetime(2026, 2, 3, 10), datetime(2026, 4, 6)),
        ("leeds", "Jess's sister is moving to Leeds in June.", datetime(2026, 2, 3, 10), datetime(2026, 6, 1), datetime(2026, 7, 1)),
        ("rome", "Rome was lovely last year.", datetime(2026, 2, 3, 10), datetime(2025, 1, 1), datetime(2026, 1, 1)),
        ("lisbon", "Change of plans, we're doing Lisbon instead of Porto, and Rome rather than Milan.", datetime(2026, 3, 10, 10), None),
        ("york", "Jess's sister is moving to York instead, not Leeds.", datetime(2026, 3, 10, 11), None),
    ])
    links = {(r["src_memory_id"], r["dst_memory_id"]): (r["relation"], r["detail"]) for r in linked.iter_rows(named=True)}
    assert links[("lisbon", "porto")] == ("contradicts", "replaced: porto")
    assert links[("york", "leeds")] == ("contradicts", "replaced: leeds")
    # what the swap puts in place is no change of a memory that names it; a time gone by is no plan
    assert links.get(("lisbon", "rome"), ("",))[0] != "contradicts"
    # someone else's swap, of a thing of theirs, changes no plan of the speaker's
    linked = _plan_links(parser, embedder, [
        ("match", "We've got tickets for the Leeds match on April 18th.", datetime(2026, 2, 3, 10), datetime(2026, 4, 18)),
        ("tom", "Tom supports Sheffield, not Leeds.", datetime(2026, 3, 10, 10), None),
        ("friend", "My friend picked Glastonbury instead of Wembley.", datetime(2026, 3, 10, 11), None),
        ("wembley", "We're going to Wembley in June.", datetime(2026, 2, 3, 10), datetime(2026, 6, 1), datetime(2026, 7, 1)),
    ])
    relations = {(r["src_memory_id"], r["dst_memory_id"]): r["relation"] for r in linked.iter_rows(named=True)}
    assert relations.get(("tom", "match")) != "contradicts" and relations.get(("friend", "wembley")) != "contradicts"


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("we're doing Lisbon instead of Porto", {"porto"}, {"lisbon"}),
        ("She's moving to York instead, not Leeds.", {"leeds"}, {"york"}),
        ("We're going to Croatia rather than Greece.", {"greece"}, {"croatia"}),
        ("Not much happened, not everyone came.", set(), set()),
        ("I'd rather stay in than go out.", set(), set()),
        # asked, thought of, hedged, taken back, or a taste: no swap made
        ("Should we do Rome instead of Paris?", set(), set()),
        ("We thought about Lisbon instead of Porto but we're sticking with Porto.", set(), set()),
        ("Maybe next year we'll try Rome instead of Paris.", set(), set()),
        ("I've started eating salad for lunch instead of burgers.", set(), set()),
        ("We're having a roast instead of the barbecue.", {"barbecue"}, {"roast"}),
    ],
)
def test_what_is_swapped_for_what(parser, text, old, new):
    from memory_pipeline.analysis.cues import replacement

    swapped = replacement(parser.parse(text))
    assert (set(swapped.old), set(swapped.new)) == (old, new)


def test_an_event_named_by_an_ing_noun_on_a_date_is_a_plan_and_done_when_reported(parser, embedder):
    from memory_pipeline.links import final_lifecycles

    frame = _plan_frame([
        ("tasting", "We have a tasting at Sugar Loaf Bakery on February 7th.", datetime(2025, 1, 30, 12), datetime(2025, 2, 7)),
        ("fitting", "My first fitting is next Saturday at 11.", datetime(2025, 2, 8, 15), datetime(2025, 2, 15)),
        ("tom", "Tom's fitting is on Friday.", datetime(2025, 2, 8, 15), datetime(2025, 2, 14)),
        # no event: a feeling, whose date is inside a clause or after "about"; a state measured by "for"
        ("feeling", "I have a feeling it's on Friday.", datetime(2025, 2, 8, 15), datetime(2025, 2, 14)),
        ("about", "I have a bad feeling about Friday.", datetime(2025, 2, 8, 15), datetime(2025, 2, 14)),
        ("off", "Running is off for at least three months.", datetime(2025, 2, 8, 15), datetime(2025, 2, 8), datetime(2025, 5, 8)),
        # an indefinite pronoun names no event
        ("nothing", "I've got nothing on Saturday.", datetime(2025, 2, 8, 15), datetime(2025, 2, 15)),
        ("fun", "The fitting on Saturday was so fun.", datetime(2025, 2, 20, 20), datetime(2025, 2, 15)),
    ])
    readings, initial = _read_plans(frame, parser)
    # another's fitting is one the speaker follows, a plan as well (test_someone_elses_arrangement_...)
    assert (initial["tasting"], initial["fitting"], initial["tom"]) == ("pending", "pending", "pending")
    assert all(initial[k] is None for k in ("feeling", "about", "off", "nothing")), initial
    linked = _links_of(frame, readings, embedder)
    assert final_lifecycles(initial, linked)["fitting"] == "completed"


def test_a_cancellation_naming_which_one_calls_off_only_the_plan_it_names(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    said, later = datetime(2025, 2, 3, 19), datetime(2025, 2, 9, 20)
    frame = _plan_frame([
        ("golf", "Jess is viewing a 2016 Golf on Saturday in Leeds.", said, datetime(2025, 2, 8)),
        ("focus", "Jess is also viewing a Focus on Sunday.", said, datetime(2025, 2, 9)),
        # a name before the event's noun says which viewing: the Focus one, not the Golf one
        ("off", "Jess cancelled the Focus viewing.", later, None),
    ])
    readings = read_frame(frame, parser)
    final = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), _links_of(frame, readings, embedder))
    assert (final["golf"], final["focus"]) == ("pending", "cancelled")


def test_the_planners_report_of_the_same_event_in_other_words_completes_the_plan(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "The move is the big thing this autumn. Jess is leaving Berlin for Lisbon at the end of October.",
            datetime(2024, 9, 3, 10), datetime(2024, 10, 21), datetime(2024, 11, 1))

    def outcome(later: str, said: datetime, day: datetime, speaker: str = "Jess") -> str | None:
        frame = _said_by(_plan_frame([plan, ("later", later, said, day)]), "later", speaker)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    told = datetime(2024, 11, 20, 9)
    # the report's own clause ("moved on 28 October") shares no word with "leaving Berlin for Lisbon"
    assert outcome("Jess is writing from Lisbon. Jess moved on 28 October.", told, datetime(2024, 10, 28)) == "completed"
    # someone else's move, a question, a denial, or a day outside the window tell nothing of the plan
    assert outcome("Kai is writing from Lisbon. Kai moved on 28 October.", told, datetime(2024, 10, 28),
                   speaker="Kai") == "pending"
    assert outcome("Is Jess writing from Lisbon? Did Jess move on 28 October?", told, datetime(2024, 10, 28)) == "pending"
    assert outcome("Jess is not writing from Lisbon. Jess never moved on 28 October.", told,
                   datetime(2024, 10, 28)) != "completed"
    assert outcome("Jess is writing from Lisbon. Jess moved on 28 March.", datetime(2025, 4, 2, 9),
                   datetime(2025, 3, 28)) == "pending"


def test_a_state_the_plan_was_to_bring_about_told_later_as_holding_completes_it(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "Jess is moving to Leeds at the end of June.", datetime(2024, 3, 3, 10), datetime(2024, 6, 21),
            datetime(2024, 7, 1))

    def outcome(later: str, said: datetime, speaker: str = "Jess") -> str | None:
        frame = _said_by(_plan_frame([plan, ("later", later, said, None)]), "later", speaker)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    # no word of the move is said again, and no date: the residence it planned is told as holding
    assert outcome("Jess lives in Leeds now, the commute is great.", datetime(2024, 9, 10, 9)) == "completed"
    # before the planned day, as a plan still, of someone else, or denied, it tells nothing
    assert outcome("Jess lives in Leeds now, the commute is great.", datetime(2024, 4, 10, 9)) == "pending"
    assert outcome("Jess will live in Leeds soon.", datetime(2024, 9, 10, 9)) == "pending"
    assert outcome("Kai lives in Leeds now.", datetime(2024, 9, 10, 9), speaker="Kai") == "pending"
    assert outcome("Jess doesn't live in Leeds.", datetime(2024, 9, 10, 9)) == "pending"


@pytest.mark.parametrize(
    ("text", "reported", "not_reported"),
    [
        # a clause of time or condition in the present is still to come: no graduation is told done
        ("Leo has got Leo's first job lined up at Foster Studio once Leo graduates.", "job", "graduate"),
        ("I've booked a holiday for when I finish my exams.", "holiday", "exam"),
        # in the past it was done
        ("Once I finished the marathon I cried.", "marathon", None),
    ],
)
def test_a_time_still_to_come_is_no_deed_done(parser, text, reported, not_reported):
    words = set().union(*(event.words for event in read_doc("m", parser.parse(text), "Leo").reports))
    assert reported in words
    assert not_reported is None or not_reported not in words


def test_a_life_event_told_with_its_verb_both_times_is_one_event(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(planned: str, window: tuple, later: str, said: datetime, day: tuple) -> str | None:
        frame = _plan_frame([("plan", planned, datetime(2025, 3, 2, 10), *window), ("later", later, said, *day)])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    end_of_july = (datetime(2025, 7, 21), datetime(2025, 8, 1))
    august = (datetime(2025, 8, 1), datetime(2025, 9, 1))
    assert outcome("I'm retiring at the end of July.", end_of_july,
                   "I officially retired last month, no more teaching for me!", datetime(2025, 9, 10, 9), august) == "completed"
    june_8 = (datetime(2025, 6, 8), datetime(2025, 6, 9))
    assert outcome("I'm getting married on June 8th.", june_8, "I got married on Saturday!", datetime(2025, 6, 10, 9),
                   (datetime(2025, 6, 7), datetime(2025, 6, 8))) == "completed"
    # a proposal of a four-day week is no proposal of marriage
    sat = (datetime(2025, 8, 16), datetime(2025, 8, 17))
    assert outcome("I'm going to propose to Hannah on Saturday the 16th.", sat,
                   "I proposed a four day week to my boss on the 16th.", datetime(2025, 8, 18, 9), sat) == "pending"
    # another's retirement is not the planner's
    assert outcome("I'm retiring at the end of July.", end_of_july, "My dad retired last month.", datetime(2025, 9, 10, 9),
                   august) == "pending"


def test_a_report_dated_by_another_clause_is_undated(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    plan = ("plan", "My ACCA exam is on May 15th.", datetime(2025, 4, 1, 10), datetime(2025, 5, 15))

    def outcome(later: str, day: datetime) -> str | None:
        frame = _plan_frame([plan, ("later", later, datetime(2025, 6, 10, 9), day)])
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    # Friday is when the results came out, not when the exam was passed
    assert outcome("I passed the ACCA exam, the results came out on Friday.", datetime(2025, 6, 6)) == "completed"
    # dated by its own clause, outside the window, it is another sitting
    assert outcome("I passed the ACCA exam on Friday.", datetime(2025, 6, 6)) == "pending"


def test_plans_never_got_round_to_or_time_off_not_taken_are_cancelled(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    said, later = datetime(2025, 10, 15, 9), datetime(2025, 11, 20, 17)
    frame = _plan_frame([
        ("kitchen", "Finn is going to paint Finn's kitchen this weekend.", said, datetime(2025, 10, 18), datetime(2025, 10, 20)),
        ("leave", "Omar is going to take next week off to look after mum.", said, datetime(2025, 10, 20), datetime(2025, 10, 27)),
        ("round", "Finn never got round to painting the kitchen, it's still beige.", later, None),
        # time off is an event of its own, though "take" and "week" name nothing alone
        ("refused", "Omar didn't end up taking the week off, Omar's boss refused.", later, None),
    ])
    speakers = {"kitchen": "Finn", "round": "Finn", "leave": "Omar", "refused": "Omar"}
    frame = frame.with_columns(pl.col("memory_id").replace_strict(speakers, default=pl.col("speaker")).alias("speaker"))
    readings = read_frame(frame, parser)
    final = final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), _links_of(frame, readings, embedder))
    assert (final["kitchen"], final["leave"]) == ("cancelled", "cancelled")


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        # the physio's clause had carried the denied ramp into a report, and the plan "build Mum a ramp" was completed
        ("I never built that ramp, the physio said she's better without one.", set()),
        ("The physio said I never needed the ramp.", set()),
        ("The trip was amazing.", {"trip"}),
    ],
)
def test_a_report_holds_no_clause_that_is_denied(parser, text, reported):
    reading = read_doc("m", parser.parse(text), "Ben")
    assert {noun for event in reading.reports for noun in event.nouns} - {"physiotherapy"} == reported


@pytest.mark.parametrize(
    ("text", "came_about"),
    [
        ("We never got around to booking the trip.", False),
        ("I didn't get to go to the concert.", False),
        ("I didn't get the job.", True),  # not getting a thing is no event called off
        ("I got to see the band last night.", True),
        # still open, or a habit
        ("I haven't gotten around to painting the kitchen yet.", True),
        ("I don't get to see my sister often.", True),
    ],
)
def test_a_chance_that_never_came_calls_the_plan_off(parser, text, came_about):
    from memory_pipeline.analysis.cues import cancel_cues

    assert bool(list(cancel_cues(parser.parse(text)))) != came_about


def test_a_plan_that_names_no_thing_is_done_when_the_planner_tells_the_same_words_done(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(plan: tuple, later: str, said: datetime, day: datetime | None, speaker: str = "Jess") -> str | None:
        frame = _said_by(_plan_frame([plan, ("later", later, said, day)]), "later", speaker)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    together = ("plan", "we're moving in together in july", datetime(2024, 5, 26, 15), datetime(2024, 7, 1),
                datetime(2024, 8, 1))
    town = ("plan", "we're moving to solihull next month", datetime(2024, 8, 5, 18), datetime(2024, 9, 1),
            datetime(2024, 10, 1))
    # neither names a thing (the town in lower case is read as a verb), yet the report says the plan's words
    assert outcome(town, "we moved to solihull on the 14th.", datetime(2024, 9, 30, 20), datetime(2024, 9, 14)) == "completed"
    assert outcome(together, "we moved in together!", datetime(2024, 7, 28, 18), None) == "completed"
    # a clause calling something else off beside it does not undo the deed
    assert outcome(together, "we moved in together! i gave up my place in brixton", datetime(2024, 7, 28, 18),
                   None) == "completed"
    # another's move, other words, a deed outside the window, or a move called off tell nothing of the plan
    assert outcome(together, "we moved in together!", datetime(2024, 7, 28, 18), None, speaker="Kai") == "pending"
    assert outcome(town, "we moved out on the 14th.", datetime(2024, 9, 30, 20), datetime(2024, 9, 14)) == "pending"
    assert outcome(together, "we moved in together on the 14th.", datetime(2025, 3, 30, 20), datetime(2025, 3, 14)) == "pending"
    assert outcome(together, "we moved in together, then we cancelled it", datetime(2024, 7, 28, 18), None) != "completed"


def test_a_plan_told_done_in_other_words_than_its_own(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    def outcome(plan: tuple, later: str, said: datetime, day: datetime | None, speaker: str = "Jess",
                until: datetime | None = None) -> str | None:
        row = ("later", later, said, day) if until is None else ("later", later, said, day, until)
        frame = _said_by(_plan_frame([plan, row]), "later", speaker)
        readings = read_frame(frame, parser)
        initial = initial_lifecycles(memories_by_id(frame), readings)
        return final_lifecycles(initial, _links_of(frame, readings, embedder))["plan"]

    interview = ("plan", "I have an interview for a day job at Rowan Clinic next Tuesday.", datetime(2024, 1, 29, 21),
                 datetime(2024, 2, 6))
    hired = datetime(2024, 2, 21, 9)
    # the news comes after the interview's window, dated by the start it announces
    assert outcome(interview, "I got the job at Rowan Clinic! I start on 2 April.", hired, datetime(2024, 4, 2)) == "completed"
    assert outcome(interview, "I got the job!", hired, None) == "completed"
    # another employer's job, no job, someone else's, or news before the interview tell nothing of it
    assert outcome(interview, "I got the job at Google! I start on 2 April.", hired, datetime(2024, 4, 2)) == "pending"
    # a rejection tells the interview took place (test_an_interview_is_done_when_the_employer_answers)
    assert outcome(interview, "I didn't get the job at Rowan Clinic.", hired, None) == "completed"
    assert outcome(interview, "I got the job!", hired, None, speaker="Kai") == "pending"
    assert outcome(interview, "I got the job!", datetime(2024, 2, 2, 9), None) == "pending"

    test = ("plan", "I'm taking my driving test on 14 March.", datetime(2024, 2, 3, 9), datetime(2024, 3, 14))
    # how the test went, told weeks after its day in no word of the plan's, tells it was taken
    assert outcome(test, "I passed! Zero serious faults.", datetime(2024, 4, 11, 9), None) == "completed"
    assert outcome(test, "I failed my driving test, two serious faults.", datetime(2024, 4, 11, 9), None) == "completed"
    assert outcome(test, "The results came out and I failed.", datetime(2024, 4, 11, 9), None) == "completed"
    # another test, another's result, a result before the day, or no result tell nothing of it
    assert outcome(test, "I passed my piano exam!", datetime(2024, 4, 11, 9), None) == "pending"
    assert outcome(test, "I passed!", datetime(2024, 4, 11, 9), None, speaker="Kai") == "pending"
    assert outcome(test, "I passed!", datetime(2024, 3, 1, 9), None) == "pending"
    assert outcome(test, "I passed my theory test!", datetime(2024, 4, 11, 9), None) == "pending"
    # nor does "pass" or "fail" in another sense, a result long after, or a plan that only tests something
    for other in ("I passed the salt.", "I failed to get tickets for the gig.", "I passed the interview!",
                  "I failed miserably at the pub quiz.", "I passed my MOT.", "I nearly passed out.",
                  "Got my A-level results today, passed everything!", "My uni results came out and I passed."):
        assert outcome(test, other, datetime(2024, 4, 11, 9), None) == "pending", other
    assert outcome(test, "I passed!", datetime(2024, 9, 11, 9), None) == "pending"
    recipe = ("plan", "I'm going to test the new recipe on 14 March.", datetime(2024, 2, 3, 9), datetime(2024, 3, 14))
    assert outcome(recipe, "I passed my maths test!", datetime(2024, 4, 11, 9), None) == "pending"
    assert outcome(test, "I bought a car.", datetime(2024, 4, 11, 9), None) == "pending"

    start = ("plan", "I start at Rowan Clinic on 2 April.", datetime(2024, 2, 21, 9), datetime(2024, 4, 2))
    # the employer said again is the start done, not only the same state
    assert outcome(start, "I started at Rowan Clinic two weeks ago and I love having my evenings back.",
                   datetime(2024, 4, 15, 9), datetime(2024, 4, 1), until=datetime(2024, 4, 8)) == "completed"

    move = ("plan", "I'm moving to Berlin in January, I got a job at a bookshop there.", datetime(2023, 10, 9, 9),
            datetime(2024, 1, 1), datetime(2024, 2, 1))
    there = datetime(2024, 2, 3, 9)
    assert outcome(move, "Greetings from Berlin! I've been here three weeks. I love it.", there, None) == "completed"
    # the place named without "here", beside another place, by another, or before the move tell nothing of it
    assert outcome(move, "I might go to Berlin again.", there, None) == "pending"
    assert outcome(move, "Berlin is far away now. I'm back here in Leeds and I love it.", there, None) == "pending"
    assert outcome(move, "Greetings from Berlin! I've been here three weeks. I love it.", there, None,
                   speaker="Kai") == "pending"
    assert outcome(move, "Greetings from Berlin! I've been here three days. I love it.", datetime(2023, 11, 3, 9),
                   None) == "pending"

    adoption = ("plan", "I'm adopting a rescue dog next Sunday, a greyhound called Pip.", datetime(2024, 2, 10, 9),
                datetime(2024, 2, 18))
    # what the plan named is there: the adoption came about
    assert outcome(adoption, "Pip is settling in well, he sleeps all day.", datetime(2024, 3, 1, 9), None) == "completed"
    # not before the day, not as a question, not denied
    assert outcome(adoption, "Pip is settling in well, he sleeps all day.", datetime(2024, 2, 14, 9), None) == "pending"
    assert outcome(adoption, "Is Pip settling in well?", datetime(2024, 3, 1, 9), None) == "pending"
    assert outcome(adoption, "Pip never came home with us.", datetime(2024, 3, 1, 9), None) != "completed"

    trip = ("plan", "I'm going to Lisbon in May with Jordan.", datetime(2025, 1, 14, 9), datetime(2025, 5, 1),
            datetime(2025, 6, 1))
    back = datetime(2025, 6, 3, 9)
    # a verdict in the past on the place or the event planned: it happened
    assert outcome(trip, "Lisbon was amazing! We did a day trip to Sintra too.", back, None) == "completed"
    assert outcome(trip, "The Lisbon trip was great, thanks for the tips.", back, None) == "completed"
    assert outcome(("plan", "We're spending Christmas in Cork at my parents' this year.", datetime(2025, 11, 2, 9),
                    datetime(2025, 12, 25)), "Christmas in Cork was lovely, my parents spoilt us.",
                   datetime(2026, 1, 6, 9), None) == "completed"
    # not a verdict on a person of it, nor in the present, nor before the trip
    assert outcome(trip, "Jordan was lovely about it.", back, None) == "pending"
    assert outcome(trip, "Lisbon is amazing, I want to live there.", back, None) == "pending"
    assert outcome(trip, "Lisbon was amazing when I went as a kid.", datetime(2025, 2, 3, 9), None) == "pending"

    physio = ("plan", "I've got a physio appointment on the 4th with Dr Hale.", datetime(2025, 3, 1, 9),
              datetime(2025, 3, 4))
    derm = ("plan", "My dermatology appointment is on the 20th of June.", datetime(2025, 6, 1, 9), datetime(2025, 6, 20))
    # the one the appointment was with, told of in a deed or a verdict since its day: it took place
    assert outcome(physio, "The physio went well, he gave me some stretches.", datetime(2025, 3, 20, 9), None) == "completed"
    assert outcome(derm, "I saw the dermatologist on Friday, it's just eczema.", datetime(2025, 6, 24, 9), None) == "completed"
    # not one in the present or ahead, nor another's
    assert outcome(physio, "My physio is brilliant.", datetime(2025, 3, 20, 9), None) == "pending"
    assert outcome(physio, "I'm seeing the physio again in April.", datetime(2025, 3, 20, 9), None) == "pending"
    assert outcome(derm, "Mum saw the dermatologist yesterday, she needs a biopsy.", datetime(2025, 6, 24, 9), None) == "pending"
    assert outcome(derm, "The dermatologist was on holiday, typical.", datetime(2025, 6, 24, 9), None) == "pending"
    assert outcome(derm, "I saw the dermatologist on Friday, it's just eczema.", datetime(2025, 6, 24, 9), None,
                   speaker="Kai") == "pending"

    # the planner stayed, or the thing went to someone else: not done
    assert outcome(move, "I was meant to be in Berlin by now but I'm still here.", there, None) == "pending"
    assert outcome(adoption, "Someone else adopted Pip.", datetime(2024, 3, 1, 9), None) == "pending"


def _lifecycle_after(parser, embedder, plan: tuple, later: str, said: datetime, speaker: str = "Jess") -> str | None:
    """The lifecycle of :func:`_plan_frame`'s ``plan`` once ``later`` (undated, said by ``speaker`` at ``said``)
    follows it."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links import final_lifecycles, initial_lifecycles
    from memory_pipeline.memory_frame import memories_by_id

    frame = _said_by(_plan_frame([plan, ("later", later, said, None)]), "later", speaker)
    readings = read_frame(frame, parser)
    initial = initial_lifecycles(memories_by_id(frame), readings)
    return final_lifecycles(initial, _links_of(frame, readings, embedder)).get("plan")


HIRING_PLANS = {
    "interview": ("plan", "I have an interview with Harbour Books on the 5th of May.", datetime(2025, 4, 20, 9), datetime(2025, 5, 5)),
    "round": ("plan", "The first one went fine, I've got the final round at Harbour Books on Tuesday.", datetime(2025, 4, 28, 9), datetime(2025, 5, 6)),
    "invited": ("plan", "Harbour Books invited me for an interview next Monday.", datetime(2025, 4, 28, 9), datetime(2025, 5, 5)),
    "wants": ("plan", "Harbour Books want to interview me on the 5th.", datetime(2025, 4, 28, 9), datetime(2025, 5, 5)),
}


@pytest.mark.parametrize("plan", sorted(HIRING_PLANS))
@pytest.mark.parametrize(
    "later, lifecycle",
    [
        # the employer's offer, by its name or by "they", tells the interview went ahead
        ("Harbour Books offered me the position on Friday!", "completed"),
        ("They made me an offer, 34k.", "completed"),
        ("they offered me the job!!", "completed"),
        ("I've been offered the role.", "completed"),
        # so does a rejection: they picked someone else, said no, or I didn't get the job
        ("They went with someone else in the end.", "completed"),
        ("they went with an internal candidate sadly", "completed"),
        ("I didn't get the job.", "completed"),
        ("Harbour Books said no.", "completed"),
        # an offer or a no of something else, or "it", which may be anything ("I didn't get it" is also not
        # understanding), is no answer to the interview
        ("They made us an offer on the flat, 5k under asking.", "pending"),
        ("They offered me a place to stay while the flat gets sorted.", "pending"),
        ("They turned me down for the loan.", "pending"),
        ("I asked Sam out for drinks and Sam said no.", "pending"),
        ("We didn't get the flat, the agency went with someone else.", "pending"),
        ("Vodafone offered me a better contract.", "pending"),
        ("I didn't get it, the teacher explained it three times.", "pending"),
        # another employer's answer, an offer not made, or news that is no answer at all leave it pending
        ("Penguin offered me a job.", "pending"),
        ("Penguin rejected me.", "pending"),
        ("They never offered me anything.", "pending"),
        ("I didn't get the email with the details.", "pending"),
        ("Mum said no to the puppy.", "pending"),
        ("We went with the green sofa.", "pending"),
        ("I offered to drive Tom to the airport.", "pending"),
    ],
)
def test_an_interview_is_done_when_the_employer_answers(parser, embedder, plan, later, lifecycle):
    """"Lumen offered me the job", "they went with someone else": the employer as the one who offers or says no tells
    that the interview took place, as "I got the job" does; chat names an interview by its round ("the second
    round") and one set up by the employer by their invitation ("X invited me for an interview next Friday")."""
    assert _lifecycle_after(parser, embedder, HIRING_PLANS[plan], later, datetime(2025, 5, 20, 9)) == lifecycle


def test_an_answer_to_an_interview_is_the_planners_and_comes_after_its_day(parser, embedder):
    interview = HIRING_PLANS["interview"]
    # a round that names no firm (the firm was told of before) may be any firm's
    nameless = ("plan", "I've got the second round on Thursday.", datetime(2025, 4, 28, 9), datetime(2025, 5, 1))
    assert _lifecycle_after(parser, embedder, nameless, "Harbour Books offered me the job!", datetime(2025, 5, 20, 9)) == "completed"
    # but not an offer of anything else, by whoever it is made
    assert _lifecycle_after(parser, embedder, nameless, "They offered me a place at the nursery for Ava.",
                            datetime(2025, 5, 20, 9)) == "pending"
    assert _lifecycle_after(parser, embedder, interview, "They offered me the job!", datetime(2025, 5, 20, 9), "Kai") == "pending"
    assert _lifecycle_after(parser, embedder, interview, "They went with someone else.", datetime(2025, 5, 2, 9)) == "pending"


@pytest.mark.parametrize(
    "text, plan",
    [
        ("Harbour Books invited me for an interview next Monday.", True),
        ("They've invited me to a second interview on the 5th.", True),
        ("Harbour Books want to interview me on the 5th.", True),
        ("I've got the final round on Tuesday.", True),
        # told as done, the speaker interviewing others, or a round of something else
        ("Harbour Books interviewed me last Monday.", False),
        ("I invited Tom for dinner next Monday.", False),
        ("I've got a round of golf on Tuesday.", False),
        ("My second round of chemo is on the 5th.", False),
        ("They didn't invite me for an interview next Monday.", False),
    ],
)
def test_an_interview_the_employer_set_up_is_a_plan(parser, text, plan):
    readings, lifecycles = _read_plans(_plan_frame([("m", text, datetime(2025, 4, 28, 9), datetime(2025, 5, 5))]), parser)
    assert (lifecycles["m"] == "pending") is plan


@pytest.mark.parametrize(
    "text, plan",
    [
        # an appointment got, a session on a day, or one who will see the speaker for their health on a day
        ("Finally got a hospital appointment, 5th May.", True),
        ("I managed to get an appointment at the surgery on the 5th.", True),
        ("My second hydro session is on the 5th.", True),
        ("The podiatrist can see me on the 5th.", True),
        ("The eye clinic wants to see me again on the 5th.", True),
        # not one told as done, denied, another's, or a seeing that is no appointment
        ("The podiatrist saw me on the 5th.", False),
        ("I didn't get an appointment on the 5th.", False),
        ("I got a flu jab on the 5th.", False),
        ("The podiatrist can see Tom on the 5th.", False),
        ("My sister wants to see me on the 5th.", False),
        ("The doctor wants to see me.", False),
        ("My GP sees me every 3 months.", False),  # a routine
        ("The physio sees me on Tuesdays.", False),
    ],
)
def test_an_appointment_got_or_a_carer_seeing_the_speaker_is_a_plan(parser, text, plan):
    readings, lifecycles = _read_plans(_plan_frame([("m", text, datetime(2025, 4, 28, 9), datetime(2025, 5, 5))]), parser)
    assert (lifecycles["m"] == "pending") is plan


@pytest.mark.parametrize(
    "plan, later, lifecycle",
    [
        # a result told by a pronoun, by chat's words, or by the test's short name
        ("I'm taking my driving test on 14 March.", "I bombed the test :( so annoyed", "completed"),
        ("I'm taking my driving test on 14 March.", "I passed on the retake!", "completed"),
        ("I'm taking the ACCA part 2 exam on 14 March.", "I passed part 2!", "completed"),
        ("I'm taking the Azure exam on 14 March.", "I passed Azure on the second attempt.", "completed"),
        ("My probation review is on 14 March.", "I passed probation!", "completed"),
        # another test or another sense of the word
        ("I'm taking the ACCA part 2 exam on 14 March.", "I passed my driving test.", "pending"),
        ("I'm taking the Azure exam on 14 March.", "I passed the message on to Tom.", "pending"),
        ("I'm taking my driving test on 14 March.", "I smashed my phone screen.", "pending"),
        # chat's words for how it went count only beside a test's name
        ("I'm taking my driving test on 14 March.", "Built the wardrobe tonight, nailed it!", "pending"),
        ("My probation review is on 14 March.", "I passed the bakery on the way home.", "pending"),
    ],
)
def test_a_tests_result_in_chats_words_completes_it(parser, embedder, plan, later, lifecycle):
    planned = ("plan", plan, datetime(2024, 2, 3, 9), datetime(2024, 3, 14))
    assert _lifecycle_after(parser, embedder, planned, later, datetime(2024, 4, 11, 9)) == lifecycle


def test_a_move_is_dated_by_its_event_only_when_that_names_a_short_time():
    """A plan completed "last week" moved then; one called off "this year", said in April, did not move on the
    first of January (an as-of view in February had already shown it done)."""
    from memory_pipeline.links.stage import changed_at
    from memory_pipeline.memory_frame import Memory

    said = datetime(2024, 4, 10)

    def memory(start, end):
        return Memory("m", "c", "entry", "Mei", "", said, start, end, "", "expression", None, None, (), 0)

    assert changed_at(memory(datetime(2024, 4, 1), datetime(2024, 4, 8))) == datetime(2024, 4, 1)
    assert changed_at(memory(datetime(2024, 1, 1), datetime(2025, 1, 1))) == said
    assert changed_at(memory(datetime(2024, 5, 1), datetime(2024, 5, 2))) == said  # ahead: when it was said


def test_one_going_along_who_drops_out_calls_off_no_trip(parser, embedder):
    # "Alex can't come to Tokyo anymore" had cancelled the speaker's trip, which went ahead with her brother
    def lifecycle(later: str) -> str | None:
        from memory_pipeline.analysis import read_frame
        from memory_pipeline.links import final_lifecycles, initial_lifecycles
        from memory_pipeline.memory_frame import memories_by_id

        frame = _plan_frame([
            ("plan", "Jess is going to Tokyo in September with Alex.", datetime(2024, 1, 20, 14), datetime(2024, 9, 6)),
            ("later", later, datetime(2024, 8, 3, 16), None),
        ])
        readings = read_frame(frame, parser)
        return final_lifecycles(initial_lifecycles(memories_by_id(frame), readings), _links_of(frame, readings, embedder))["plan"]

    assert lifecycle("Alex can't come to Tokyo anymore, she has a work thing.") == "pending"
    assert lifecycle("Jess isn't going to Tokyo anymore.") == "cancelled"  # the planner's own


def test_a_thing_said_to_slip_to_a_day_now_moves_its_plan(parser, embedder):
    """"The handover has slipped, now looking like the 20th of June" moves the handover due late May: the
    old date is superseded. A handover told done is not moved, nor is another event."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier

    def outcome(rows):
        frame = _plan_frame(rows)
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        links = build_links(frame, vectors, readings, load_link_classifier(LinksConfig())).links
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return links["relation"].to_list(), dict(result.status.select("memory_id", "status").iter_rows())

    slipped = ("new", "The handover has slipped, the developer is behind so now it's looking like the 20th of June.",
               datetime(2025, 5, 12, 10), datetime(2025, 6, 20))
    plan = ("old", "The handover is due late May, all going well.", datetime(2025, 4, 2, 10),
            datetime(2025, 5, 21), datetime(2025, 6, 1))
    links, status = outcome([plan, slipped])
    assert "contradicts" in links and status["old"] == "superseded"
    # guards: a thing told done, and another event on another day, keep their dates
    for old in (("old", "We did the handover of the old flat last week, all fine.", datetime(2025, 5, 2, 10),
                 datetime(2025, 4, 24), datetime(2025, 5, 1)),
                ("old", "My sister's wedding is on the 24th of May.", datetime(2025, 4, 2, 10), datetime(2025, 5, 24))):
        links, status = outcome([old, slipped])
        assert "contradicts" not in links and status["old"] == "active", old[1]


def test_a_date_named_as_replaced_supersedes_the_memory_of_that_date(parser, embedder):
    """"It finally came on the 19th, not the 12th" names the day of "the courier emailed, the new fridge is delayed to
    12 June": consolidation compares the two however far apart their embeddings are, and the move supersedes the
    old date; "the courier emailed" only says who brought the news. A call told with its day keeps its fact, and
    a memory of another month's 12th is no memory of that day."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier

    def status(old_text, event):
        frame = _plan_frame([("old", old_text, datetime(2025, 6, 2, 10), event),
                             ("new", "It finally came on the 19th, not the 12th.", datetime(2025, 6, 21, 10), datetime(2025, 6, 19))])
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return dict(result.status.select("memory_id", "status").iter_rows())["old"]

    assert status("The courier emailed, the new fridge is delayed to 12 June.", datetime(2025, 6, 12)) == "superseded"
    assert status("The shop rang me, the fridge is delayed to 12 June.", datetime(2025, 6, 12)) == "superseded"
    assert status("I called the shop on Monday, the new fridge is delayed to 12 June.", datetime(2025, 6, 12)) == "active"
    assert status("My sister's party is on 12 July.", datetime(2025, 7, 12)) == "active"
    # a later memory that names another thing shares only the date: "the vet visit ..., not the 12th" moves no
    # anniversary on the 12th, nor one delivery another's
    def other(old_text, event, new_text):
        frame = _plan_frame([("old", old_text, datetime(2025, 6, 2, 10), event),
                             ("new", new_text, datetime(2025, 6, 21, 10), datetime(2025, 6, 19))])
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return dict(result.status.select("memory_id", "status").iter_rows())["old"]

    assert other("Our anniversary is on the 12th.", datetime(2025, 6, 12),
                 "The vet visit was on the 19th, not the 12th.") == "active"
    assert other("The new fridge is delayed to 12 June.", datetime(2025, 6, 12),
                 "The dishwasher arrived on the 19th in the end, not the 12th.") == "active"
    assert other("The dentist is on the 12th.", datetime(2025, 6, 12),
                 "It was on the 19th in the end, not the 12th.") == "superseded"
    # a day said not to be kept, before the one that held ("wasn't on", "didn't start on"), names it as well
    assert other("The roofer starts on the 12th.", datetime(2025, 6, 12),
                 "The roofer didn't start on the 12th, now saying the 19th.") == "superseded"
    assert other("The dentist is on the 12th.", datetime(2025, 6, 12),
                 "It wasn't on the 12th in the end, it was on the 19th.") == "superseded"


def test_a_thing_delayed_moves_the_delivery_its_memory_dated(parser, embedder):
    """"Ordered a new bed from IKEA. Delivery is 9 May" dates the bed's coming: "the bed is delayed to 20 May" moves
    it, though the date's own clause names only the delivery. Another event of the thing (a viewing), or another
    thing dated in the memory, is not moved."""
    from memory_pipeline.analysis import read_frame

    def relations(old_text, new_text):
        frame = _plan_frame([("old", old_text, datetime(2025, 4, 20, 10), datetime(2025, 5, 9)),
                             ("new", new_text, datetime(2025, 5, 2, 10), datetime(2025, 5, 20), None, "20 May")])
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        return build_links(frame, vectors, readings, load_link_classifier(LinksConfig())).links["relation"].to_list()

    ordered = "Jess ordered a new bed from IKEA. Delivery is 9 May."
    assert "contradicts" in relations(ordered, "The bed is delayed to 20 May.")
    assert "contradicts" in relations("Jess ordered a desk online, arrival is 9 May.", "The desk got pushed back to 20 May.")
    assert "contradicts" not in relations(ordered, "The bed viewing got moved to 20 May.")
    assert "contradicts" not in relations("Jess ordered a new bed from IKEA. The party is on 9 May.", "The bed is delayed to 20 May.")


def test_a_slip_moves_only_a_thing_dated_ahead_when_it_was_said(parser):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.links.rules import dated_events_corrected
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([
        ("ahead", "The county chess tournament is on 14 June.", datetime(2025, 4, 7, 10), datetime(2025, 6, 14)),
        ("done", "I won the regional chess tournament last week, beat a grandmaster.", datetime(2025, 4, 7, 10),
         datetime(2025, 3, 31)),
        ("new", "The chess tournament got pushed back, the new date is June 20.", datetime(2025, 5, 2, 10),
         datetime(2025, 6, 20)),
    ])
    moved = dated_events_corrected(memories_by_id(frame), read_frame(frame, parser), "new", LinksConfig().event_overlap)
    assert [memory.memory_id for memory in moved] == ["ahead"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # guards a review of this session's slot rules found broken
        # a dose in a sentence of its own is of the medicine named before only for its own taker
        ("My sister is on amlodipine. They upped it to 10mg.", {"self's sister.medication[amlodipine] = yes"}),
        ("Nan's on warfarin. They lowered it to 3mg.", {"self's nan.medication[warfarin] = yes"}),
        ("I take sertraline. The puppy is on 5ml now.", {"self.medication[sertraline] = yes"}),
        # a meal, a drink or a machine said with tablets or capsules is no medicine
        ("Lunch, 2 capsules with food.", set()),
        ("Upped my coffee to 4 capsules a day.", set()),
        # a place one reports to is no boss
        ("I report to Brighton Station on Mondays.", {"self.activity[report] = yes", "self.schedule[report] = monday"}),
        ("I'm reporting to Fort Worth for training next week.", set()),
        # a turn asked, hedged or supposed is no rota
        ("Does Priya do Fridays?", set()),
        ("Maybe Priya could do Fridays.", set()),
        # a start at an hour is the shift, no start ahead
        ("I start at Tesco at 7am most days.", {"self.employer = tesco"}),
        # a couple who broke up for a while broke up; food is no club
        ("Jo and Sam broke up for a month.", {"jo.relationship = single", "jo.relationship[sam] = ex"}),
        ("We have brownies for pudding on Sundays.", {"self.schedule[brownie] = sunday"}),
    ],
)
def test_this_sessions_slot_rules_keep_to_what_they_read(parser, text, expected):
    assert slots_of(parser, text) == expected


@pytest.mark.parametrize(
    ("text", "corrected", "called_off"),
    [
        # a new day that is not yet set, asked, a person or an outing, or another thing's, moves nothing
        ("The gig got cancelled and we need a new date before Friday.", set(), True),
        ("They cancelled the gig, no new date until March.", set(), True),
        ("I cancelled Spotify. The new date for the barbecue is the 20th.", set(), True),
        ("She's my new date for the wedding on Saturday.", set(), False),
        ("Is the new deadline Friday?", set(), False),
    ],
)
def test_a_new_day_moves_only_what_it_is_said_of(parser, text, corrected, called_off):
    reading = read_doc("m", parser.parse(text), "Zoe")
    assert set(reading.corrected.words) == corrected
    assert (reading.cancel is not None) is called_off


def test_a_new_partner_is_consolidated_as_a_change_of_partner(parser):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.consolidation.base import ConsolidationContext
    from memory_pipeline.consolidation.rules import decide
    from memory_pipeline.links.candidates import Candidate
    from memory_pipeline.memory_frame import memories_by_id

    # the links call the new partner an update though no slot's value changed: consolidation finds the slot that
    # did change (it had stopped on the missing one and failed the whole conversation)
    frame = _plan_frame([
        ("old", "Marcus is my boyfriend now.", datetime(2025, 3, 1, 10), None),
        ("new", "Felix is my boyfriend now.", datetime(2025, 9, 1, 10), None),
    ])
    context = ConsolidationContext(memories_by_id(frame), read_frame(frame, parser), frozenset())
    proposal = decide("new", Candidate("old", 0.8), context)
    assert proposal.action == "supersede" and "felix" in proposal.scope


def test_a_state_come_back_is_news_no_copy_to_drop(parser, embedder):
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.config import ConsolidationConfig
    from memory_pipeline.consolidation import consolidate, load_consolidation_classifier

    def status_of(old_text: str, new_text: str) -> dict[str, str]:
        frame = _plan_frame([("old", old_text, datetime(2025, 3, 1, 10), None), ("new", new_text, datetime(2025, 9, 1, 10), None)])
        readings, vectors = read_frame(frame, parser), embedder.encode(frame["text"].to_list())
        config = ConsolidationConfig()
        result = consolidate(frame, vectors, readings, load_consolidation_classifier(config, ClassifierResources()), config)
        return dict(result.status.select("memory_id", "status").iter_rows())

    # "back together" after a break-up the memories between did not tell is news; a state said again is a copy
    assert status_of("Elena is my girlfriend now.", "Elena and I are back together.")["new"] == "active"
    assert status_of("I'm vegetarian.", "I'm vegetarian.")["new"] == "dropped"


@pytest.mark.parametrize(
    "plan, later, lifecycle",
    [
        # one verb with the opposite particle is another act: moving in is no news of the move out
        (("plan", "We're moving out of the flat on the 30th of June.", datetime(2025, 6, 2, 9), datetime(2025, 6, 30)),
         "The oven in the flat was already broken when we moved in, back in 2022.", "pending"),
        (("plan", "I'm going to check in at the hostel on Friday.", datetime(2025, 6, 2, 9), datetime(2025, 6, 6)),
         "checked out of the hostel this morning, bit sad.", "pending"),
        # the same verb with the same particle, or with none, still is
        (("plan", "We're moving out of the flat on the 30th of June.", datetime(2025, 6, 2, 9), datetime(2025, 6, 30)),
         "we moved out of the flat on the 30th, all done.", "completed"),
        (("plan", "We're moving in together in July.", datetime(2025, 5, 20, 9), datetime(2025, 7, 1), datetime(2025, 8, 1)),
         "we finally moved in together!", "completed"),
        # a reversed verb beside a shared task is that task's news
        (("plan", "I'll log on early on Monday to finish the slides.", datetime(2025, 6, 2, 9), datetime(2025, 6, 9)),
         "Logged off at 7 on Monday, slides finished.", "completed"),
    ],
)
def test_a_verb_with_the_opposite_particle_is_another_act(parser, embedder, plan, later, lifecycle):
    """"I'm moving out on the 31st", then "it was like that when I moved in": "move in" and "move out" share the
    word "move" and nothing else; the particle says which act it was."""
    assert _lifecycle_after(parser, embedder, plan, later, datetime(2025, 7, 20, 9)) == lifecycle


@pytest.mark.parametrize(
    "first, second, one_event",
    [
        # up and down to one place are one trip, as chat says it
        ("We're driving down to the cottage on Saturday.", "Drove up to the cottage on Saturday, four hours in traffic.", True),
        ("I'm going up to Leeds for the match.", "Went down to Leeds for the match, we lost.", True),
        # guards: in and out, on and off of one verb, with nothing else shared but where, are two acts
        ("I'll log on at 9 tomorrow.", "Logged off at 6, shattered.", False),
        ("I'll check in at the hostel on Friday.", "Checked out of the hostel this morning.", False),
    ],
)
def test_the_particle_decides_one_act_only_for_in_out_and_on_off(parser, first, second, one_event):
    from memory_pipeline.analysis.cues import event_of

    def event(text):
        doc = parser.parse(text)
        return event_of(doc, range(len(doc.tokens)), frozenset({"ana"}))

    assert (event(first).overlap(event(second)) > 0) is one_event



@pytest.mark.parametrize(
    "plan, later, lifecycle",
    [
        # how it went, or chat's bare "X done", said of the planned event after its day
        ("My leaving do party is on the 6th of June at the Anchor.", "the party went really well, thanks", "completed"),
        ("My leaving do party is on the 6th of June at the Anchor.", "the party went badly tbh", "completed"),
        ("I'm going to Priya's wedding on 6th June in Leeds.", "priya's wedding done, what a day", "completed"),
        ("I'm going to Priya's wedding on 6th June in Leeds.", "Priya's wedding was gorgeous", "completed"),
        # "as planned" / "like planned" tells it kept to the plan: a report, not a plan of its own
        ("My leaving do party is on the 6th of June at the Anchor.", "the party was at the Anchor like planned", "completed"),
        # a verdict on someone else's event of the same kind, or on something else, is none of the plan's
        ("I'm going to Priya's wedding on 6th June in Leeds.", "Kate's wedding was gorgeous", "pending"),
        ("I'm going to Priya's wedding on 6th June in Leeds.", "Kate's wedding went really well", "pending"),
        ("I'm going to Priya's wedding on 6th June in Leeds.", "kate's wedding done", "pending"),
        ("I'm going to Priya's wedding on 6th June in Leeds.", "my speech went well", "pending"),
        ("My leaving do party is on the 6th of June at the Anchor.", "it went really well", "pending"),
        ("My leaving do party is on the 6th of June at the Anchor.", "Tom's party went really well", "pending"),
    ],
)
def test_a_plan_told_as_gone_well_or_done_afterwards(parser, embedder, plan, later, lifecycle):
    planned = ("plan", plan, datetime(2025, 5, 1, 9), datetime(2025, 6, 6))
    assert _lifecycle_after(parser, embedder, planned, later, datetime(2025, 6, 12, 9)) == lifecycle


@pytest.mark.parametrize(
    "text, future",
    [
        ("it was at the bowling like planned", False),
        ("the barbecue went ahead as planned", False),
        ("it all happened like we planned", False),
        # a plan said as one stays one
        ("we planned a trip to Rome", True),
        ("I hope it goes as planned", True),
        ("I'm planning to go next week", True),
    ],
)
def test_as_planned_tells_the_plan_kept_not_a_plan(parser, text, future):
    from memory_pipeline.analysis.cues import is_future

    assert is_future(parser.parse(text)) is future


# --- a change cue links to the memory of the same thing, not one that shares a day, a noun or a cue -------------
def test_a_day_counted_from_a_length_is_no_day_a_correction_moves(parser, embedder):
    """"within 10 working days" is dated that far ahead, but no arrangement sits on that day: "on Saturday not
    Friday" does not name it as moved. A thing arranged for that Friday still is."""
    said, friday = datetime(2025, 6, 20, 17), datetime(2025, 7, 4)
    later = ("got", "Got the van back in the end, on Saturday not Friday.", datetime(2025, 7, 8, 19), datetime(2025, 7, 12),
             datetime(2025, 7, 13), "on Saturday")
    for old, moved in (
        (("refund", "The refund comes through within 10 working days.", said, friday, friday, "10 working days"), False),
        (("window", "The quote is only valid for ten days.", said, friday, friday, "ten days"), False),
        (("back", "The van will be back on Friday the 4th.", said, friday, friday, "Friday the 4th"), True),
    ):
        links = _plan_links(parser, embedder, [old, later])
        contradicted = [r["dst_memory_id"] for r in links.iter_rows(named=True) if r["relation"] == "contradicts"]
        assert (contradicted == [old[0]]) is moved, old[1]


@pytest.mark.parametrize(
    ("old", "new", "linked"),
    [
        # another's wedding, birthday or leaving do is another event, whatever cue or noun the two share
        ("Jess said no to Rachel's wedding. Jess felt really bad.", "Ben's wedding done, Jess's speech went down well.", False),
        ("Jess can't make Leo's birthday party.", "Amy's birthday party was brilliant, Jess danced all night.", False),
        ("Mum's birthday meal is booked for Sunday.", "dad's birthday meal was cancelled.", False),
        ("Tom's leaving do is at the Crown.", "Priya's leaving do got moved to the Fox instead.", False),
        # the same owner, or one left unsaid, may be the same thing
        ("Jess said no to Rachel's wedding.", "Rachel's wedding was lovely, Jess heard.", True),
        ("Jess said no to Rachel's wedding.", "Jess felt bad about saying no to the wedding.", True),
        # joint owners own it each, and a relative's other name is the same relative
        ("Jess can't make Ben and Rachel's wedding on the 4th.", "Rachel's wedding got moved to the 11th, not the 4th.", True),
        ("Dad's retirement party is on Friday.", "Father's retirement party is on Thursday instead.", True),
        ("Granny's birthday lunch is on Sunday.", "Nana's birthday lunch got moved to Saturday instead.", True),
    ],
)
def test_a_thing_owned_by_another_is_another_thing(parser, embedder, old, new, linked):
    rows = [("old", old, datetime(2025, 3, 3, 10), None), ("new", new, datetime(2025, 5, 14, 10), None)]
    assert bool(_plan_relations(parser, embedder, rows)) is linked


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        ("Ben's wedding is in May.", {"wedding": {"ben"}}),
        ("mum's birthday is on Sunday.", {"birthday": {"mum"}}),
        ("Ben and Rachel's wedding is in May.", {"wedding": {"ben", "rachel"}}),
        ("Mum and Dad's anniversary is in May.", {"anniversary": {"mum", "dad"}}),
        # contractions, days and a thing's own parts own nothing
        ("It's a wedding in May.", {}),
        ("Friday's dinner is off.", {}),
        ("the car's MOT is due.", {}),
        ("Ben's getting married in May.", {}),
    ],
)
def test_whose_a_thing_is(parser, text, owned):
    from memory_pipeline.links.rules import owners
    from memory_pipeline.memory_frame import memories_by_id

    frame = _plan_frame([("m", text, datetime(2025, 3, 3, 10), None)])
    memory = memories_by_id(frame)["m"]
    assert owners(memory, read_doc("m", parser.parse(text), "Jess")) == {k: frozenset(v) for k, v in owned.items()}


def test_a_past_event_taken_for_a_plan_is_nothing_to_call_off(parser, embedder):
    """A unit built pending that only tells what happened ("waited two hours for the RAC") is not called off by
    "cancelled the RAC" a season later: the cover is cancelled, not the wait. A plan ahead still is."""
    from memory_pipeline.analysis import read_frame
    from memory_pipeline.memory_frame import memory_frame

    def links_of(rows):
        texts = [r[1] for r in rows]
        frame = memory_frame(None, pl.DataFrame({
            "memory_id": [r[0] for r in rows], "conversation_id": ["c"] * 2, "segment_id": ["s1", "s2"],
            "speaker": ["Jess"] * 2, "summary": texts, "content_text": texts, "participants": [["Jess"]] * 2,
            "content_type": ["homework_or_plan", "event"], "event_start": [r[3] for r in rows],
            "dialogue_time": [r[2] for r in rows], "lifecycle_status": ["pending", "unknown"],
            "source_turn_id": ["S1:1", "S2:1"]}))
        return _links_of(frame, read_frame(frame, parser), embedder)["lifecycle_change"].to_list()

    wait = ("wait", "Jess waited 2 hours on the hard shoulder for the RAC.", datetime(2025, 11, 18, 22), datetime(2025, 11, 18))
    trip = ("trip", "Jess is driving to the Lakes with the RAC cover on Saturday.", datetime(2025, 11, 18, 22), datetime(2025, 11, 22))
    assert "cancelled" not in links_of([wait, ("off", "Jess also cancelled the RAC.", datetime(2026, 4, 27, 20), datetime(2026, 4, 27))])
    assert "cancelled" in links_of([trip, ("off", "Cancelled the Lakes trip, the car's not ready.", datetime(2025, 11, 20, 20),
                                           datetime(2025, 11, 20))])
