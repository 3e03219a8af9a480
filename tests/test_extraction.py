"""The extractor on hand-written turns: expected entries, limits, fallback, provenance, scope, frames, checks."""

from __future__ import annotations

from datetime import date, datetime

import polars as pl
import pytest

from memory_pipeline.config import ExtractorConfig
from memory_pipeline.extraction import (
    extract_memories,
    extract_turn,
    parse_admitted,
)
from memory_pipeline.quality import empty_output_rate_under, memories_have_sources, sources_exist
from memory_pipeline.extraction.normalise import third_person
from memory_pipeline.schemas import EXTRACTION_DIAGNOSTICS, MEMORY_ENTRIES, MEMORY_SOURCES, TURNS

SESSION = datetime(2023, 5, 8, 13, 56)


@pytest.fixture(scope="module")
def extract(parser, resolver):
    def run(text: str, speaker: str | None = "Caroline", config: ExtractorConfig | None = None):
        return extract_turn(parser.parse(text), speaker, SESSION, config or ExtractorConfig(), resolver)

    return run


@pytest.mark.slow
@pytest.mark.parametrize(
    "speaker, text, entry",
    [
        (
            "Caroline",
            "I went to a LGBTQ support group yesterday and it was so powerful.",
            "Caroline went to a LGBTQ support group yesterday and it was so powerful.",
        ),
        # the attitude stays with its action: an intention, not a claim that she already learns it
        ("Caroline", "I want to learn Japanese.", "Caroline wants to learn Japanese."),
        ("Jon", "My new laptop keeps crashing.", "Jon's new laptop keeps crashing."),
        # the discourse prefix goes, the content stays in its own words
        ("Melanie", "Hey Caroline! Good to see you! I'm swamped with the kids & work.", "Melanie is swamped with the kids & work."),
        pytest.param(
            "Melanie", "Can you send me the recipe for that cake?", "Melanie asks to be sent the recipe for that cake.",
            marks=pytest.mark.xfail(
                strict=True,
                reason="a request's 'me' is rewritten like any first person, so the extractor says "
                "'Melanie asks to send Melanie ...': the speaker turns into the one asked to act",
            ),
        ),
        (None, "I bought a new car last week.", "User bought a new car last week."),
        # a pronoun inside a hyphenated word is part of the word
        ("Caroline", "So I'm carving out some me-time each day.", "Caroline is carving out some me-time each day."),
        # chat drops "I": the verb gets the speaker back, agreeing with the name; feelings are not requests
        ("Caroline", "Love this song so much.", "Caroline loves this song so much."),
        ("Caroline", "Need to buy a new laptop soon.", "Caroline needs to buy a new laptop soon."),
        # and so are thanks and thoughts ("Thanks! Appreciate your help" had become "asks to appreciate your help")
        ("Caroline", "Thanks! Appreciate your help.", "Caroline appreciates your help."),
        ("Caroline", "Bet the view was incredible.", "Caroline bets the view was incredible."),
        ("Caroline", "Wonder if he'll call back.", "Caroline wonders if he'll call back."),
        ("Caroline", "Doubt it'll happen this year.", "Caroline doubts it'll happen this year."),
        # a verb of the mind before a clause of its own dropped "I" too, even where the tagger read it as a name
        # ("Wish I was there" had become "Caroline was there"); before an object it is still an order
        ("Caroline", "Wish I could come.", "Caroline wishes Caroline could come."),
        ("Caroline", "Hope the kids had fun!", "Caroline hopes the kids had fun."),
        ("Caroline", "Think I'll skip the gym today.", "Caroline thinks Caroline will skip the gym today."),
        ("Caroline", "Wish you were here!", "Caroline wishes you were here."),
        ("Caroline", "Wish them luck!", "Caroline asks to wish them luck."),
        ("Caroline", "Think about it!", "Caroline asks to think about it."),
        ("Caroline", "Hope said she would come.", "Caroline noted: Hope said she would come."),
        # a later sentence that dropped "I" gets the speaker back where it surely was "I": a past deed, a feeling,
        # "can't"; the one person the sentence before told of where the story goes on with them; no one where
        # "it" was dropped
        ("Caroline", 'I haven\'t read that yet. Just finished "Dune" and it\'s a really good story.',
         'Caroline hasn\'t read that yet. Caroline just finished "Dune" and it\'s a really good story.'),
        ("Caroline", "I had a tough time with my English lit class. Did an analysis on this series and I think it went ok.",
         "Caroline had a tough time with Caroline's English lit class. Caroline did an analysis on this series and "
         "Caroline thinks it went ok."),
        ("Caroline", "My brother came over. Stayed for dinner and left at ten.",
         "Caroline's brother came over. Caroline's brother stayed for dinner and left at ten."),
        ("Caroline", "I went to the parade. Really made me proud.", "Caroline went to the parade. Really made Caroline proud."),
        ("Caroline", "They're really amazing. Wish I was that resilient too.", "Caroline wishes Caroline was that resilient too."),
        ("Caroline", "I missed you. Must be great to be home.", "Caroline missed you. Caroline noted: Must be great to be home."),
        ("Caroline", "I can't wait to see it. Must feel so liberating.",
         "Caroline can't wait to see it. Caroline noted: Must feel so liberating."),
        ("Caroline", "Hey Jon! Got your back - dance is awesome for that.", "Caroline got your back - dance is awesome for that."),
        ("Caroline", "I missed you. Been a crazy few days.", "Caroline missed you. Caroline noted: Been a crazy few days."),
        ("Caroline", "Guess what - I got a puppy two weeks ago.", "Caroline got a puppy two weeks ago."),
        # a feeling, a thought or "can't" after someone's news is the speaker's, and so is a deed done to that
        # person or one after the speaker's own part in the story, or after a pet's
        ("Caroline", "Tom called. Miss him so much.", "Caroline misses Tom so much."),
        ("Caroline", "My sister got into Harvard. Think she'll love it.",
         "Caroline's sister got into Harvard. Caroline thinks she'll love it."),
        ("Caroline", "My brother is coming home. Can't wait to see him.",
         "Caroline's brother is coming home. Caroline can't wait to see him."),
        ("Caroline", "My son broke his arm. Rushed him to the ER.",
         "Caroline's son broke his arm. Caroline rushed him to the ER."),
        ("Caroline", "Mike invited me to his wedding. Bought a suit.",
         "Mike invited Caroline to his wedding. Caroline bought a suit."),
        ("Caroline", "My wife and I went to Paris. Stayed at a cute hotel.",
         "Caroline's wife and Caroline went to Paris. Caroline stayed at a cute hotel."),
        ("Caroline", "My cat knocked over my coffee. Had to clean it all up.",
         "Caroline's cat knocked over Caroline's coffee. Caroline had to clean it all up."),
        # someone's saying goes on with them though a "him" is told to; a participle of a state after a clause is
        # no deed of the speaker's; a "me" far from the verb does the verb no deed
        ("Caroline", "My boss was surprisingly cool about it. Said he'd rather I told him.",
         "Caroline's boss was surprisingly cool about it. Caroline's boss said he'd rather Caroline told him."),
        ("Caroline", "car failed its MOT lol, brakes. Fixed now n it passed the retest.",
         "Caroline noted: car failed its MOT lol, brakes. It passed the retest."),
        ("Caroline", "Got £550 back in the end. Still annoyed about the £50 but whatever.",
         "Caroline got £550 back in the end. Still annoyed about the £50 but whatever."),
        ("Caroline", "trying. also had an sti check last week, all clear lol, new year new me",
         "Caroline had an sti check last week, all clear lol, new year new Caroline."),
        # "must" before a verb, and "been" before a role, dropped "I"; "turned out" dropped "it"
        ("Caroline", "I'm exhausted. Must remember to drink more water.",
         "Caroline is exhausted. Caroline must remember to drink more water."),
        ("Caroline", "I met sarah at the gym. Turned out she's a nurse.",
         "Caroline met sarah at the gym. Turned out sarah is a nurse."),
        # a gerund heading its sentence is no one's doing; advice with an object is still advice
        ("Caroline", "Seeing your growth is amazing.", "Caroline noted: Seeing your growth is amazing."),
        ("Caroline", "Don't doubt yourself.", "Caroline asks not to doubt yourself."),
        ("Caroline", "Bet on red next time.", "Caroline asks to bet on red next time."),
        # asking what the listener would like is a question, not a request to like something
        ("Caroline", "Would you like me to send it to you?", "Caroline asks: Would you like Caroline to send it to you?"),
        ("Caroline", "Can you send me the recipe?", "Caroline asks to send Caroline the recipe."),
        ("Caroline", "Just finished my first marathon!", "Caroline just finished Caroline's first marathon."),
        ("Caroline", "Check out this photo of my garden.", "Caroline asks to check out this photo of Caroline's garden."),
        # living with the listener's people is the listener's doing: "you're", not "I'm", was dropped
        ("Omar", "Living with your brother, brave.", "Omar noted: Living with your brother, brave."),
        ("Caroline", "Heading to your place after work.", "Caroline is heading to your place after work."),
        # what happened yesterday is no order, even where the tagger reads "Lost" as one
        ("Jon", "Lost my job as a banker yesterday.", "Jon lost Jon's job as a banker yesterday."),
        # an irregular past that is also a rarer verb of its own ("felt" wool) dropped "I"; it had been an order
        ("Maya", "Legs heavy for the first 5k, then it clicked. Felt really strong at the end actually.",
         "Maya noted: Legs heavy for the first 5k, then it clicked. Maya felt really strong at the end actually."),
        ("Maya", "Saw the physio on Tuesday. Fell asleep in the waiting room.",
         "Maya saw the physio on Tuesday. Maya fell asleep in the waiting room."),
        # a copula whose complement is a time or a place says something: it is no empty light verb
        (
            "Lia",
            "My birthday is on March 3rd and I'm turning 40.",
            "Lia's birthday is on March 3rd and Lia is turning 40.",
        ),
        # chat contractions agree as whole words ("wanna" is "want to", never "wannas")
        ("Caroline", "I wanna go to Paris next summer.", "Caroline wants to go to Paris next summer."),
        # chat interjections are neither an order nor a subject
        ("Dev", "haha her name is Leah, we've been dating since april", "Dev noted: her name is Leah, we've been dating since april."),
        ("Kai", "omg just got the job!!", "Kai just got the job."),
        # ... and laughter or an aside after the words is no part of them
        ("Kai", "I passed my driving test lol", "Kai passed Kai's driving test."),
        ("Kai", "He won't let me up the ladder since I fell off it lol", "He won't let Kai up the ladder since Kai fell off it."),
        ("Kai", "Alfie wants to do a speech at the party btw", "Kai noted: Alfie wants to do a speech at the party."),
        ("Kai", "lol my cat knocked over the plant again", "Kai's cat knocked over the plant again."),
        # a verb whose past is its present stays past with a past date ("quits" was wrong)
        ("Rosa", "I quit Brightwave last friday", "Rosa quit Brightwave last friday."),
        # ... and with any date that ended before the session, however it is named ("quits" was wrong)
        ("Priya", "I put the deposit down on the 3rd.", "Priya put the deposit down on the 3rd."),
        # ... and beside another verb in the past ("hurts" was wrong)
        ("Nora", "Bad news: I hurt my ankle, so I dropped out of the race.", "Nora hurt Nora's ankle, so Nora dropped out of the race."),
        # a label before a colon is no head that the clause after it modifies ("Leo last week and bought ..." before)
        ("Leo", "Update: I sold my car last week and bought an e-bike. Priya was right about the hills.",
         "Leo sold Leo's car last week and bought an e-bike. Leo noted: Priya was right about the hills."),
        # ... only after a colon: a clause hung on a noun elsewhere stays a modifier, and chat's dropped "I" stays found
        ("Melanie", "Can't wait to see your show - the LGBTQ community needs more platforms like this!",
         "Melanie can't wait to see your show - the LGBTQ community needs more platforms like this."),
        # "so much for X" says X is off: read for its words it would say the opposite, so it is a reaction
        ("Ben", "My knee is fully healed. So much for visiting him there.", "Ben's knee is fully healed."),
        # a verb that shares "I" agrees like the first one; a subject "my sister and I" is plural
        ("Hana", "I'm 29 and still have roommates lol", "Hana is 29 and still has roommates."),
        ("Hana", "I went to Paris and have been there since", "Hana went to Paris and has been there."),
        ("Hana", "I will cook and clean every day", "Hana will cook and clean every day."),
        # ... however the tagger reads the second verb (a bare VB, or the adjective "clean", the noun "panic")
        ("Hana", "I cook and clean.", "Hana cooks and cleans."),
        ("Hana", "At work I supervise and panic.", "At work Hana supervises and panics."),
        ("Hana", "I drive to the bakery and buy bread every morning.", "Hana drives to the bakery and buys bread every morning."),
        ("Hana", "My sister and I live together", "Hana's sister and Hana live together."),
        # a quotation keeps its speaker's pronouns and its closing mark
        ("Paul", 'my boss said "you\'re getting promoted in June"', 'Paul\'s boss said "you\'re getting promoted in June"'),
        ("Paul", "She told me “I love you” and I cried", "She told Paul “I love you”."),
        # a name before a comma is the subject when the parse says so ("Anna, my sister, ..."), else the one addressed
        ("Ravi", "Anna, my sister, just got engaged.", "Anna, Ravi's sister, just got engaged."),
        ("Ravi", "Mel, I went to the park yesterday.", "Ravi went to the park yesterday."),
        ("Ravi", "Gina, hope you are doing great.", "Ravi noted: hope you are doing great."),  # the parse's subject
        # a verbless sentence with an amount or a name says what the sentence before it left out
        # a verbless clause after a kept clause of the same sentence, carrying a number, had been lost; one with
        # nothing but words of feeling is not kept
        ("Maya", "I'm keeping the long run on Sundays but dropped the Saturday shakeout for now, so back to three runs a week.",
         "Maya is keeping the long run on Sundays but dropped the Saturday shakeout for now. Maya noted: back to three runs a week."),
        ("Maya", "I'm keeping the long run on Sundays but dropped the Saturday shakeout for now, so a lot less tired.",
         "Maya is keeping the long run on Sundays but dropped the Saturday shakeout for now."),
        # a statement before a question of its own after a comma is said, not asked; a short tag stays with it
        ("Tom", "I got the job, did Mum tell you?", "Tom got the job. Tom asks: did Mum tell you?"),
        ("Tom", "Dad says he's retiring in June, did he tell you?", "Tom noted: Dad says he's retiring in June."),
        # ... and so does a request after a comma, known by its opening whatever closes it: it had gone on as "can
        # you remind Tom" in the statement; not an exclamation, a request on a condition, or one a "said" reports
        # a verb of merit said bare praises the news told ("Marcus deserved." had been the speaker's); with what
        # is merited it is a deed
        ("Marcus", "deserved", "Marcus noted: deserved."),
        ("Marcus", "well earned", "Marcus noted: earned."),
        ("Marcus", "I deserved better", "Marcus deserved better."),
        ("Marcus", "earned £50 today", "Marcus earned £50 today."),
        # chat's "ffs", "smh", "fml" are interjections, no subject nor part of the fact
        ("Tom", "ffs I forgot my keys", "Tom forgot Tom's keys."),
        ("Tom", "fml missed the bus", "Tom missed the bus."),
        ("Tom", "I've moved the dentist to the 27th, can you remind me the day before",
         "Tom has moved the dentist to the 27th. Tom asks to remind Tom the day before."),
        ("Tom", "I'll sign it, could you witness it on friday.", "Tom will sign it. Tom asks to witness it on friday."),
        ("Tom", "I'm free at 6, would you like to come", "Tom is free at 6. Tom asks: would you like to come?"),
        ("Tom", "I told him off, can you believe it!", "Tom told him off, can you believe it."),
        ("Tom", "if it rains, can you bring the umbrella", "Tom noted: if it rains, can you bring the umbrella."),
        ("Tom", "he said, can you send the form by friday", "Tom noted: he said, can you send the form by friday."),
        # a name's "'s" before a gerund, read as a possessive, is the gerund's own subject: the clause is not given
        # the subject of the clause it hangs on ("Rosa Priya's leaving ..." was wrong)
        ("Rosa", "Priya's leaving in August to go to university, so I need to hire someone again.",
         "Rosa noted: Priya's leaving in August to go to university. Rosa needs to hire someone again."),
        ("Tim", "On your NYC trip, did you have any troubles?", "Tim asks: On your NYC trip, did you have any troubles?"),
        # "I'm" dropped before adverbs: "is" goes before them ("Sam still is finding sand" was wrong)
        ("Tom", "Still finding sand in my bag.", "Tom is still finding sand in Tom's bag."),
        ("Tom", "Really enjoying the new job!", "Tom is really enjoying the new job."),
        # a verbless sentence's noun that a clause only dates: it had been "before Halvorsen starts"
        ("Mara", "Morning! Last check-in before Halvorsen starts.", "Mara noted: Last check-in before Halvorsen starts."),
        ("Sam", "I bought the car! A Yaris hybrid for 8,400 euros. I picked it up last Saturday.",
         "Sam bought the car. A Yaris hybrid for 8,400 euros. Sam picked it up last Saturday."),
        # a verbless feeling beside a kept sentence is the affect of what it tells; a word of glue is not, and a
        # turn with no room left (two kept sentences) keeps its facts as they were said
        ("Sam", "I finally booked the trip. So excited. I fly out next Friday.",
         "Sam finally booked the trip. Sam flies out next Friday."),
        ("Nina", "mum's surgery went well!! such a relief", "Nina noted: mum's surgery went well. Nina noted: such a relief."),
        # a name a past participle after the comma describes is the news's, no one addressed ("Alex born on ...")
        ("Alex", "SHE'S HERE!! Isla Rose, born on the 28th of may, 7lb 2oz",
         "Alex noted: Isla Rose, born on the 28th of may, 7lb 2oz."),
        ("Leo", "Gina, hope you're well", "Leo noted: hope you're well."),  # a call stays a call
        # a feeling kept does not stand in for a fact the turn's units left out: the fallback keeps the whole turn
        ("Joanna", "Thanks, Nate! It went alright. Mixed emotions - definitely excited but also a bit anxious.",
         "Joanna noted: it went alright. Joanna noted: Mixed emotions - definitely excited but also a bit anxious."),
        ("Leo", "gutted. didn't get the job", "Leo noted: gutted. Leo didn't get the job."),
        ("Grace", "relieved, honestly. we're civil for Sammy's sake",
         "Grace noted: relieved, honestly. Grace noted: we're civil for Sammy's sake."),
        # a feeling with no subject beside news of someone else may be theirs, and is left out
        ("Leo", "Tom failed his driving test again. furious with himself", "Leo noted: Tom failed his driving test again."),
        ("Sam", "I passed my driving test. So happy!", "Sam passed Sam's driving test."),
        # a name with its own verb before the comma is a clause, not a call: "Lisbon was amazing" is content
        ("Ravi", "Lisbon was amazing, we got back on Tuesday.", "Ravi noted: Lisbon was amazing, we got back on Tuesday."),
        ("Ravi", "Lisbon was amazing! We flew home on Tuesday.", "Ravi noted: Lisbon was amazing. Ravi noted: we flew home on Tuesday."),
        ("John", "It's definitely isn't, Maria. My kids have so much.", "John's kids have so much."),  # a closing call
        ("Ravi", "Mel, that's amazing! I got back on Tuesday.", "Ravi got back on Tuesday."),
        # the verb agrees after "no longer", which the tagger reads as bare; "better" keeps it bare
        ("Ravi", "And I no longer drink coffee.", "Ravi no longer drinks coffee."),
        ("Ravi", "I better go now.", "Ravi better go now."),
        ("Ravi", "I'd better go.", "Ravi had better go."),
        ("Ravi", "Can I join you sometime?", "Ravi asks: Can Ravi join you sometime?"),
        # chat's contractions without an apostrophe
        ("Kim", "ugh im so tired today", "Kim is so tired today."),
        ("Kim", "ive been there twice", "Kim has been there twice."),
        # ... after a name written for "he", "she" or "I" too: spelled out, never glued to the name ("Amys", "Deand")
        ("Dean", "my sister Amy called. shes moving to leeds", "Dean's sister Amy called. Amy is moving to leeds."),
        ("Dean", "Lorraine started monday. shes got two kids", "Dean noted: Lorraine started monday. Lorraine has got two kids."),
        ("Dean", "team leader is called Gaz, hes alright. hes been there 15 yrs",
         "Dean noted: team leader is called Gaz, hes alright. Dean noted: Gaz has been there 15 yrs."),
        ("Dean", "i said id do it", "Dean said Dean would do it."),
        ("Dean", "kev wants to swap, hed do my friday and id do his saturday",
         "Kev wants to swap, hed do Dean's friday and Dean would do his saturday."),
        ("Dean", "id already left when he called", "Dean had already left when he called."),
        # a pronoun left as said keeps its chat spelling; "Toms car" is a possessive, no contraction
        ("Dean", "i reckon hes right", "Dean reckons hes right."),
        ("Dean", "Toms car broke down", "Dean noted: Toms car broke down."),
        # and the negations are written out, where the tokenizer split them like "don't"
        ("Kim", "i havent booked the train yet", "Kim hasn't booked the train yet."),
        ("Kim", "the landlord still isnt answering", "Kim noted: the landlord still isn't answering."),
        ("Kim", "i cant do saturday", "Kim can't do saturday."),
        ("Kim", "the NT reading group meets on monday", "Kim noted: the NT reading group meets on monday."),
        # "guess what" only announces the news; an acronym the tagger calls a verb is no order
        ("Jess", "omg guess what i got into grad school!! UCLA for psych", "Jess got into grad school. Jess noted: UCLA for psych."),
        ("Jess", "You know what, I quit my job.", "Jess quit Jess' job."),
        # surprise before a clause of its own is no request; "wait for me" is one
        ("Jess", "wait you quit the bookshop?", "Jess asks: you quit the bookshop?"),
        ("Jess", "Wait for me at the station.", "Jess asks to wait for Jess at the station."),
        ("Sam", "Not gonna lie, I'm thinking of quitting my job.", "Sam is thinking of quitting Sam's job."),
        ("Sam", "@Kai I finally finished my thesis", "Sam finally finished Sam's thesis."),
        # "get" with a place is arriving, no empty light verb (the first sentence had gone)
        ("Dana", "Just got back from Japan! Landed Saturday night, still jetlagged.",
         "Dana just got back from Japan. Dana landed Saturday night, still jetlagged."),
        # an arrival that goes nowhere, or an order done to with no object, tells of the parcel, the payment or the
        # visitor: kept as said, not the speaker's ("Ines arrived in Ines' account" had been written)
        ("Ines", "I ordered a new lamp on Friday. Arrived this morning, looks great.",
         "Ines ordered a new lamp on Friday. Ines noted: Arrived this morning, looks great."),
        ("Ines", "the council finally paid back the deposit. Arrived in my account on Monday",
         "Ines noted: the council finally paid back the deposit. Arrived in Ines' account on Monday."),
        ("Ines", "they posted the form last week. should arrive by the 12th",
         "Ines noted: they posted the form last week. Ines noted: should arrive by the 12th."),
        ("Ines", "yep reimbursed on the 3rd", "Ines noted: reimbursed on the 3rd."),
        ("Ines", "happy new year! back to school today finally",
         "Ines noted: happy new year. Ines noted: back to school today finally."),
        # the traveller's own arrival, a deed with an object, and a place one is back to keep the speaker
        ("Ines", "Arrived in Porto last night!", "Ines arrived in Porto last night."),
        ("Ines", "Came second in the parkrun on Saturday", "Ines came second in the parkrun on Saturday."),
        ("Ines", "Came up with a new plan for the garden", "Ines came up with a new plan for the garden."),
        # how the traveller got there (late, early, on or in time, by bus, after a long drive, in a state) and a bare
        # cancelling or delivering with no thing told of keep the speaker too
        ("Ines", "Arrived two hours late because of the snow", "Ines arrived two hours late because of the snow."),
        ("Ines", "Turned up just in time for the speeches", "Ines turned up just in time for the speeches."),
        ("Ines", "Came by bus, what a trek", "Ines came by bus, what a trek."),
        ("Ines", "Arrived after a six hour drive, shattered", "Ines arrived after a six hour drive, shattered."),
        ("Ines", "Showed up late for the interview", "Ines showed up late for the interview."),
        ("Ines", "Cancelled last minute, felt too rough", "Ines cancelled last minute, felt too rough."),
        ("Ines", "Delivered on every target this quarter", "Ines delivered on every target this quarter."),
        # ... but not where an order was told of, the turn says "it" after, or someone cancelled "on me"
        ("Ines", "bought a kettle online. arrived late, but works", "Ines bought a kettle online. Ines noted: arrived late, but works."),
        ("Ines", "delivered this morning but it was scratched", "Ines noted: delivered this morning but it was scratched."),
        ("Ines", "cancelled on us again, typical", "Ines noted: cancelled on us again, typical."),
        ("Ines", "Just got back from Oslo! Arrived Sunday night, so tired.",
         "Ines just got back from Oslo. Ines arrived Sunday night, so tired."),
        ("Ines", "Cancelled my phone contract yesterday", "Ines cancelled Ines' phone contract yesterday."),
        ("Ines", "Back to paying the full rent", "Ines is back to paying the full rent."),
        # a question and a statement merged keep their own marks (the "?" had moved to the statement)
        ("Elena", "Did you send the save-the-dates yet? I already sent mine to Dad's side.",
         "Elena asks: Did you send the save-the-dates yet? Elena already sent Elena's to Dad's side."),
        # units merged beyond the turn's limit are sentences each ("... hate sushi. now Marcus loves it" had kept "now")
        ("Marcus", "Ha, perfect name. Speaking of food, I finally tried that sushi place near your office. I used to hate "
         "sushi but now I love it. The salmon nigiri changed my life.",
         "Speaking of food, Marcus finally tried that sushi place near your office. Marcus used to hate sushi. Now Marcus "
         "loves it. The salmon nigiri changed Marcus' life."),
        # a header before a colon only labels the news
        ("Tomas", "Bigger news: I got the job.", "Tomas got the job."),
        ("Aiko", "Climbing update: I switched to bouldering.", "Aiko switched to bouldering."),
        # a header noun the tagger reads as a verb is no order to update; a header that names the topic keeps it
        ("Sam", "Update on Montreal: I'm not going.", "Update on Montreal: Sam is not going."),
        ("Sam", "Update your calendar: the meeting moved to Friday.",
         "Sam asks to update your calendar: the meeting moved to Friday."),
        # a request asked as a question is told, whatever follows it ("... next Sunday? It's her ..." had kept "?")
        ("Sam", "Can you remind me to call my grandmother next Sunday? It's her 80th birthday.",
         "Sam asks to remind Sam to call Sam's grandmother next Sunday. It's her 80th birthday."),
        # an address the tagger took for punctuation is kept ("Sam noted: Okafor's address is." had lost it)
        ("Sam", "Her address is okafor@example.edu.", "Sam noted: Her address is okafor@example.edu."),
        ("Marco", "Baby update: Luca Giuseppe was born on April 22! 7 lbs 3 oz, everyone is healthy",
         "Marco noted: Luca Giuseppe was born on April 22. Marco noted: 7 lbs 3 oz, everyone is healthy."),
        # a regular past the tagger reads as a bare verb is no order ("Marco asks to booked it" was wrong)
        ("Marco", "Booked it just in time. The cabin is ours for the weekend.",
         "Marco booked it just in time. Marco noted: the cabin is ours for the weekend."),
        # a verb in the third person dropped "it", not "I" ("Tomas makes sense" was wrong)
        ("Tomas", "Makes sense. Anyway, I'm starving, off to make dinner.", "Tomas noted: Makes sense. Tomas is starving, off to make dinner."),
        ("Sam", "Sounds like a plan!", "Sam noted: Sounds like a plan."),
        # a blessing is a reaction and "let me" an offer: neither asks the listener to do anything
        ("Sam", "Oh bless her.", "Sam noted: Oh bless her."),
        # an interjection the tagger made the subject of an order is no one: the order is still asked
        ("Nia", "lol ring me after work", "Nia asks to ring Nia after work."),
        ("Nia", "lol need a coffee", "Nia needs a coffee."),
        ("Nia", "haha love it", "Nia loves it."),
        ("Sam", "Oh bless him. He's only four.", "Sam noted: He's only four."),
        ("Sam", "Let me check with Marta.", "Sam offers to check with Marta."),
        ("Sam", "Let me know when the tickets go on sale.", "Sam asks to let Sam know when the tickets go on sale."),
        ("Sam", "Love it.", "Sam loves it."),
        # an irregular past the tagger reads as present takes no -s and is no order ("almost forgots" was wrong);
        # a form that is a base verb too ("rent") still agrees
        ("Sam", "I almost forgot.", "Sam almost forgot."),
        ("Sam", "Forgot my keys again.", "Sam forgot Sam's keys again."),
        ("Sam", "I rent a small flat downtown.", "Sam rents a small flat downtown."),
        # ... a real "-s" form: the tagger may call "Got(ta)" VBZ too, whose subject is still the speaker
        ("Jon", "It's downtown which is awesome cuz it's easy to get to. Plus the natural light! Gotta check the size & "
         "floor quality too. We need a good dance floor.",
         "Jon gotta check the size & floor quality too. Jon noted: we need a good dance floor."),
        # a turn in capitals is tagged in sentence case and written as it was
        ("Sam", "I GOT THE JOB!!! 🎉🎉", "Sam GOT THE JOB."),
        ("Tom", "I PASSED! Zero serious faults.", "Tom PASSED. Tom noted: Zero serious faults."),
        # a leading term of address, with or without its comma, asks nothing ("asks Sam to mate Jake's boiler")
        ("Jake", "mate my boiler broke again", "Jake's boiler broke again."),
        ("Jake", "Mate, can you send me the 60 by Friday?", "Jake asks to send Jake the 60 by Friday."),
        ("Jake", "Mate of mine got married.", "Mate of Jake's got married."),
        # "mine" is written as the speaker's possessive, so the "'s" after it is written out ("Nia's's" was wrong)
        ("Nia", "my phone died. mine's at the repair shop now", "Nia's phone died. Nia's is at the repair shop now."),
        ("Nia", "Mine's been playing up for weeks.", "Nia's has been playing up for weeks."),
        ("Nia", "That one's mine.", "That one's Nia's."),
        ("Nia", "Mine is the red one.", "Nia's is the red one."),
        # ... but after "of" the "'s" is the possessive of the noun it ends ("a friend of mine's car" is no "is car")
        ("Nia", "a mate of mine's van got clamped", "A mate of Nia's's van got clamped."),
        ("Sam", "I LOVE NYC", "Sam LOVES NYC."),
        ("Sam", "CALL ME WHEN YOU LAND", "Sam asks to CALL Sam WHEN YOU LAND."),
        # two subjects of one verb are plural, however the parse hangs the second
        ("Sam", "My partner and I are moving in together next month.", "Sam's partner and Sam are moving in together next month."),
        ("Melanie", "Hey Caroline, since we last chatted, I've had a lot of things happening to me.",
         "Since we last chatted, Melanie has had a lot of things happening to Melanie."),  # a vocative is no co-subject
        # a light verb with its particle is a verb of its own; alone, the clause after it had been all that was kept
        ("Sam", "I didn't get on with Marta when I met her.", "Sam didn't get on with Marta when Sam met her."),
        ("Sam", "We made up with the neighbours after the party.", "Sam noted: we made up with the neighbours after the party."),
        ("Sam", "My sister got into Oxford! so she's moving in October.",
         "Sam's sister got into Oxford. She's moving in October."),
        # praise is no order; a statement closed on "I think?" asks nothing; a wh-question without its mark asks
        ("Sam", "look at you!", "Sam noted: look at you."),
        ("Sam", "exhausting. twelve hour shifts all week", "Sam noted: exhausting. Sam noted: twelve hour shifts all week."),
        ("Sam", "Boring the kids with my old photos again.", "Sam is boring the kids with Sam's old photos again."),
        # a wh-exclamation of the speaker's tells what follows; a check of what the listener does still asks
        ("Sam", "what have I done, I just adopted two kittens", "What has Sam done, Sam just adopted two kittens."),
        ("Sam", "the interview went fine I guess?", "The interview went fine Sam guesses."),
        ("Sam", "is the gym open on Sunday I think?", "Sam asks: is the gym open on Sunday Sam thinks?"),
        ("Sam", "where should we go for dinner on Friday", "Sam asks: where should we go for dinner on Friday?"),
        # ... with its auxiliary cliticised, after a wh-word's own noun, or of the wh-word as the subject; a turn
        # of glue words that asks is asked (all had been "Sam noted: ..."); exclamations stay told
        ("Sam", "when's the op", "Sam asks: when's the op?"),
        ("Sam", "how's the temple stuff going", "Sam asks: how's the temple stuff going?"),
        ("Sam", "what time is it on", "Sam asks: what time is it on?"),
        ("Sam", "who's taking you", "Sam asks: who's taking you?"),
        ("Sam", "how was it", "Sam asks: how was it?"),
        ("Sam", "how are you doing", "Sam asks: how are you doing?"),
        ("Sam", "how was it!", "Sam noted: how was it!"),
        ("Sam", "what a day", "Sam noted: what a day."),
        ("Sam", "how lovely", "Sam noted: how lovely."),
        ("Sam", "who knows", "Sam noted: who knows."),
        ("Sam", "who'd have thought", "Sam noted: who'd have thought."),
        ("Sam", "what's done is done", "Sam noted: what's done is done."),
        # "did" with no verb after its "it" is the deed done, no question; "do" before a verb still asks
        ("Sam", "did it this morning finally", "Sam noted: did it this morning finally."),
        ("Sam", "did it really happen like that", "Sam asks: did it really happen like that?"),
        ("Sam", "did they not tell you about the meeting", "Sam asks: did they not tell you about the meeting?"),
        ("Sam", "do you guys want pizza tonight", "Sam asks: do you guys want pizza tonight?"),
        ("Sam", "does he know about the party", "Sam asks: does he know about the party?"),
        # an adverb the parse hung on a closing "I think" is the clause's ("went really." had said the opposite)
        ("Sam", "our first date went really well I think", "Sam noted: our first date went really well."),
        ("Sam", "it went well I think we should go again", "It went well Sam thinks we should go again."),
        # the weather's dropped "it" is no one's deed; a dropped "I've" before "been" comes back as "has"
        ("Sam", "snowed the whole week in Geneva", "Sam noted: it snowed the whole week in Geneva."),
        ("Sam", "been reading about electric cars", "Sam has been reading about electric cars."),
        ("Sam", "just been to the dentist", "Sam has just been to the dentist."),
        ("Sam", "been ages since we spoke", "Sam noted: been ages since we spoke."),
        ("Sam", "been married 10 years today!", "Sam has been married 10 years today."),
        # a weather verb done by someone keeps them: an object, a particle, "as"
        ("Sam", "poured myself a huge glass of wine", "Sam poured themself a huge glass of wine."),
        ("Sam", "hailed a cab at midnight", "Sam hailed a cab at midnight."),
        ("Sam", "snowed under at work this week", "Sam snowed under at work this week."),
        # what takes back the words before is no deed nor order; the same verbs with a thing of their own are
        ("Sam", "actually scratch that, the meeting is on tuesday now", "Sam noted: the meeting is on tuesday now."),
        ("Sam", "wait forget that, we're flying from Leeds instead", "Sam noted: we're flying from Leeds instead."),
        ("Sam", "I forgot that, sorry", "Sam forgot that, sorry."),
        # a name after its kinship title is one name, though it is also a verb
        ("Sam", "I'll ask Nana Sue if she can do Thursdays", "Sam will ask Nana Sue if she can do Thursdays."),
        # "X and I" is one subject, and "we" are the two ("so" is no part of the partner's name)
        ("Sam", "We are booking respite so Anil and I can go to the wedding",
         "We are booking respite so Anil and Sam can go to the wedding."),
        ("Sam", "we're thinking of a carer so Tom and I can have a break",
         "Sam and Tom are thinking of a carer. Tom and Sam can have a break."),
        # a self-correction or a word on the moment before a comma is no order nor deed, in any sentence of the turn
        ("Sam", "hold on, the vet is on the 9th not the 6th", "Sam noted: the vet is on the 9th not the 6th."),
        ("Sam", "wait no, the meeting moved to Friday", "Sam noted: the meeting moved to Friday."),
        ("Sam", "I paid the gas bill. oh and while I have you, the plumber comes Monday",
         "Sam paid the gas bill. Sam noted: the plumber comes Monday."),
        ("Sam", "hold on to the receipt until March", "Sam asks to hold on to the receipt until March."),
        ("Sam", "while I have the van, I might as well do the tip run",
         "While Sam has the van, Sam might as well do the tip run."),
        ("Sam", "ignore that email from the bank, it's spam", "Sam asks to ignore that email from the bank, it's spam."),
        # an answer given is news in two words
        ("Sam", "they invited me to the stag. said yes", "They invited Sam to the stag. Sam said yes."),
        ("Sam", "the bank rang about the loan. said no", "Sam noted: the bank rang about the loan. Sam said no."),
        # a short sentence said apart whose date would be hung on a clause dated by its own stays its own sentence: as
        # "( … )" the date read as that clause's ("graduation next friday (the 3rd of june)"); a clause with no date
        # of its own still takes the date given before it as its answer
        ("Ali", "ok the 3rd of june. my brother has his graduation next friday",
         "Ali noted: the 3rd of june. Ali's brother has his graduation next friday."),
        ("Tom", "ugh what a few weeks. the kids were off sick the week before easter",
         "Tom noted: what a few weeks. Tom noted: the kids were off sick the week before easter."),
        ("Ana", "Model X200, bought in March 2022 from Currys. The fridge stopped cooling this morning.",
         "Ana noted: Model X200, bought in March 2022 from Currys. Ana noted: the fridge stopped cooling this morning."),
        ("Ana", "yesterday. I finally sent the invoice", "Ana finally sent the invoice (yesterday)"),
        ("Ana", "Last Tuesday. I finally finished the report.", "Ana finally finished the report (Last Tuesday)"),
        # a reference, case number or error code is kept: one is asked for it later
        ("Sam", "two of the drawers were cracked and there's a dent on the side. I complained, case number KT-551902",
         "Sam noted: two of the drawers were cracked and there's a dent on the side. Sam complained, case number KT-551902."),
        ("Sam", "I complained, ref ZX-4410", "Sam complained, ref ZX-4410."),
        ("Sam", "E42. The oven won't heat up", "Sam noted: E42. Sam noted: the oven won't heat up."),
        ("Sam", "they said it could take a fortnight. Reference HB-40071",
         "Sam noted: they said it could take a fortnight. Sam noted: Reference HB-40071."),
        ("Sam", "Hi Tom. I moved house last week", "Sam moved house last week."),
        ("Sam", "I ran a 10k this morning", "Sam ran a 10k this morning."),
        # a thing and its state said as a headline beside kept clauses is news in two words; a turn of nothing else
        # keeps all its words through the fallback, and a saying of the same shape is none
        ("Sam", "offer accepted!! signed it this morning", "Sam noted: offer accepted. Sam signed it this morning."),
        ("Sam", "they lost the parcel, no stock left. refund pending",
         "Sam noted: they lost the parcel, no stock left. Sam noted: refund pending."),
        ("Sam", "Rent paid. council tax next", "Sam noted: Rent paid. Sam noted: council tax next."),
        ("Sam", "Fingers crossed. interview is at 10", "Sam noted: interview is at 10."),
        # what one is preferred to, coordinated by "than", stays with it: the memory had ended on "rather than"
        ("Sam", "I think I'll pay the fine now rather than wait", "Sam thinks Sam will pay the fine now rather than wait."),
        ("Sam", "I'm going to sell the bike rather than fix it again",
         "Sam is going to sell the bike rather than fix it again."),
        ("Sam", "I booked the hotel and paid the deposit", "Sam booked the hotel. Sam paid the deposit."),
        # a bare verb coordinated under the head's modal or "to" shares it: one plan, not "Sam go to the ombudsman"
        ("Sam", "I'll reject their offer and go to the ombudsman", "Sam will reject their offer and go to the ombudsman."),
        ("Sam", "I'm going to reject their offer and go to the ombudsman",
         "Sam is going to reject their offer and go to the ombudsman."),
        ("Sam", "I'll call them and complain", "Sam will call them and complain."),
        ("Sam", "I want to sell the bike and buy a new one", "Sam wants to sell the bike and buy a new one."),
        ("Sam", "I won't pay the fine and won't appeal", "Sam won't pay the fine and won't appeal."),
        # an outcome denied after "but" is what happened: it had been dropped for its glue words or want of an argument
        ("Sam", "The interview went well but I didn't get it.", "The interview went well. But Sam didn't get it."),
        ("Sam", "The meeting was good but nothing changed.", "Sam noted: the meeting was good but nothing changed."),
        ("Sam", "I tried the beer traps but it didn't work.", "Sam tried the beer traps but it didn't work."),
        ("Sam", "We waited all day but nobody came.", "Sam noted: we waited all day but nobody came."),
        # a mood in the present is no outcome
        ("Sam", "The food was great but I don't care.", "Sam noted: the food was great."),
        # a conjunct with its own subject is a clause of its own
        ("Sam", "I'll call them and they'll sort it out", "Sam will call them and they'll sort it out."),
        # chat's "ill" before what one will do is "I'll": the plan is the speaker's ("ill" had stayed first person)
        ("Sam", "ok ill ring the garage tomorrow", "Sam will ring the garage tomorrow."),
        ("Sam", "I was ill all weekend", "Sam was ill all weekend."),
        # ... where the tagger takes its "ll" for no modal, too: the "will" had been lost ("Sam just leaves it")
        ("Sam", "ill just drop it round later then", "Sam will just drop it round later then."),
        ("Sam", "ill leave the keys with Mo", "Sam will leave the keys with Mo."),
        # "May" before a day is the month, though the tagger reads the modal: the speaker had been given it as a verb
        ("Sam", "I have signed up for the Bath half as my spring race. May 17th",
         "Sam has signed up for the Bath half as Sam's spring race. Sam noted: May 17th."),
        ("Sam", "You may need a coat", "Sam noted: you may need a coat."),
        # a condition said first, with no comma, stays with what it conditions: the consequence alone is a fact
        ("Sam", "the scan is on monday but they said if my iron's still low it'll be an infusion",
         "The scan is on monday. They said if Sam's iron's still low it'll be an infusion."),
        # a name the tagger read as a bare verb, told of by "was": no order to the listener
        ("Sam", "Run DMC on Saturday was unreal", "Sam noted: Run DMC on Saturday was unreal."),
        ("Sam", "Ask Priya whether the hotel is ok", "Sam asks to ask Priya whether the hotel is ok."),
        ("Sam", "Send Priya the photos from Saturday", "Sam asks to send Priya the photos from Saturday."),
        ("Sam", "tell tom friday is fine", "Sam asks to tell tom friday is fine."),
        # "so" that grades the word after it is no filler to trim: "far we have 5" had read as the name "Far"
        ("Sam", "so far we have 5 volunteers", "Sam noted: so far we have 5 volunteers."),
        ("Sam", "so far me and jean", "So far Sam and jean."),
        ("Sam", "so many people came to the fete", "Sam noted: so many people came to the fete."),
        ("Sam", "so we have 5 volunteers now", "Sam noted: we have 5 volunteers now."),
        ("Sam", "so long story short, I got the job", "Long story short, Sam got the job."),
        # a hedge of bad news before or after it is no fear or regret of the speaker's ("Leo is afraid Leo can't")
        ("Leo", "I'm afraid I can't make it on Sunday.", "Leo can't make it on Sunday."),
        ("Leo", "im afraid i cant come on friday", "Leo can't come on friday."),
        ("Leo", "I'm afraid that the fete has been cancelled.", "Leo noted: the fete has been cancelled."),
        ("Leo", "I'm afraid I won't be able to come on Friday.", "Leo won't be able to come on Friday."),
        ("Leo", "It's been cancelled, I'm afraid.", "Leo noted: It's been cancelled."),
        ("Leo", "Not so well, I'm afraid.", "Leo noted: Not so well."),
        ("Frank", "We did not, I regret to say. The Thompsons beat us 21-14.", "Frank noted: the Thompsons beat us 21-14."),
        ("Leo", "The fete is cancelled, I'm sorry to say.", "Leo noted: the fete is cancelled."),
        # a fear stays one: of a thing, to do a thing, of what will or may happen, said with a degree or in the past
        ("Leo", "I'm afraid of spiders.", "Leo is afraid of spiders."),
        ("Leo", "I'm afraid to drive on the motorway.", "Leo is afraid to drive on the motorway."),
        ("Leo", "I'm afraid I'll lose my job.", "Leo is afraid Leo will lose Leo's job."),
        ("Leo", "I'm so afraid I'll fail the exam.", "Leo is so afraid Leo will fail the exam."),
        ("Leo", "I was afraid I had missed the train.", "Leo was afraid Leo had missed the train."),
    ],
)
def test_expected_entries(extract, speaker, text, entry):
    assert extract(text, speaker).text == entry


@pytest.mark.slow
def test_a_verb_whose_past_is_its_present_is_past_where_its_date_has_passed(parser, resolver):
    said = datetime(2025, 1, 10, 18, 0)
    quit_ = extract_turn(parser.parse("I quit smoking on New Year's Day."), "Priya", said, ExtractorConfig(), resolver)
    assert quit_.text == "Priya quit smoking on New Year's Day."
    ahead = extract_turn(parser.parse("I quit smoking every January."), "Priya", said, ExtractorConfig(), resolver)
    assert ahead.text == "Priya quits smoking every January."  # a habit: present


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, whole",
    [
        ("Gonna continue my edu and check out career options, which is pretty exciting!", "gonna continue"),
        ("We got an all-you-can-eat pass for the fair.", "all-you-can-eat pass"),
    ],
)
def test_an_entry_never_cuts_a_written_word(extract, text, whole):
    """The parser splits "Gonna" and "all-you-can-eat" into several tokens and can parse the pieces into different
    phrases; the entry still holds the whole written word, never "na ..." or "you-can-eat ..." alone."""
    entry = extract(text).text
    assert whole in entry.lower()
    assert not any(entry.lower().startswith(piece) or f": {piece}" in entry.lower() for piece in ("na ", "you-can-eat"))


@pytest.mark.slow
def test_an_interjection_that_heads_what_follows_is_kept(extract):
    # the tagger calls "Sorry" an interjection, and trimming it as a filler had left "noted: about yesterday."
    assert extract("Sorry about yesterday.", "Ellis").text == "Ellis noted: Sorry about yesterday."
    # an interjection before a clause of its own is still trimmed, and chat's fillers whatever hangs on them
    assert extract("Wow, what a day.", "Ellis").text == "Ellis noted: what a day."
    assert "Oh" not in extract("Oh yeah, we went to the beach recently.", "Ellis").text
    # chat's "me" heading a list of subjects is the speaker, no word of address to cut
    assert extract("me, Nadia and Grace signed up", "Ellis").text == "Ellis, Nadia and Grace signed up."
    # chat's "no" before a noun, which the tagger also calls an interjection, says the opposite when cut
    assert extract("no emojis pls", "Ellis").text == "Ellis noted: no emojis pls."
    assert extract("no. I'm not going", "Ellis").text == "Ellis is not going."
    # "listen," or "look," asks only for attention, and a word of affection after "sorry" or "thanks" only calls
    assert extract("Listen, I can't do Thursdays anymore", "Ellis").text == "Ellis can't do Thursdays anymore."
    assert extract("ok look, we're moving in May", "Ellis").text == "Ellis noted: we're moving in May."
    assert "listen to" in extract("Listen to the podcast I sent.", "Ellis").text
    assert extract("Sorry love. I can still do Tuesdays", "Ellis").text == "Ellis can still do Tuesdays."
    assert "loves it" in extract("I love it. We got the flat!", "Ellis").text
    # a pronoun written as its name keeps the "'s" of "has" ("she's been" is no "is been")
    assert "Chiara's been really into" in extract(
        "can you book a table for Chiara on the 12th. she's been really into Japanese food lately", "Ellis").text


@pytest.mark.slow
def test_what_the_speaker_thanks_the_listener_for_is_the_listeners_doing(parser, resolver):
    said = extract_turn(parser.parse("thanks for coming last weekend!!"), "Sam", SESSION, ExtractorConfig(), resolver, addressee="Kai")
    assert said.text == "Sam thanks Kai for coming last weekend."  # it was "Sam is coming last weekend."
    said = extract_turn(parser.parse("Thank you for helping me move"), "Sam", SESSION, ExtractorConfig(), resolver, addressee="Kai")
    assert said.text == "Sam thanks Kai for helping Sam move."


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, entry",
    [
        # the auxiliary before an inverted subject carries the agreement; the verb after it stays bare
        ("Did you do the mock test I sent you?", "Sam asks: Did Kai do the mock test Sam sent Kai?"),  # not "does"
        ("When do I use this word?", "Sam asks: When does Sam use this word?"),  # not "do Sam use"
        ("Am I late?", "Sam asks: Is Sam late?"),
        ("Have I told you about my sister?", "Sam asks: Has Sam told Kai about Sam's sister?"),
        ("Do you want to come on Saturday?", "Sam asks: Does Kai want to come on Saturday?"),
        # chat asks without a question mark: an auxiliary, then its subject, then the rest
        ("is she the one who made u redo the deck", "Sam asks: is she the one who made Kai redo the deck?"),
        ("have you heard from Tom", "Sam asks: has Kai heard from Tom?"),
        ("did u see that", "Sam asks: did Kai see that?"),
        # whoever the inverted subject is: a noun phrase, after a wh-word too
        ("how was the school play", "Sam asks: how was the school play?"),
        ("does mum know", "Sam asks: does mum know?"),
        ("are the twins back at nursery", "Sam asks: are the twins back at nursery?"),
        # an offer that dropped "do you": "I want me to" is no English, so the listener is asked
        ("want me to drive you to the station", "Sam asks: want Sam to drive Kai to the station?"),
        ("need us to bring chairs on sunday", "Sam asks: need us to bring chairs on sunday?"),
        ("my mum wants me to move back home", "Sam's mum wants Sam to move back home."),
        ("need to ring the bank tomorrow", "Sam needs to ring the bank tomorrow."),
        # "do" as the deed itself, or the speaker after a wh-word, is no question
        ("did the shopping yesterday", "Sam did the shopping yesterday."),
        ("why did I say yes", "Why did Sam say yes."),
        # a chore done, then another: "did" is the deed though the parse makes the chore's noun its verb
        ("did the nursery run then went to the gym", "Sam noted: did the nursery run then went to the gym."),
        ("did the big shop then collected the kids", "Sam noted: did the big shop then collected the kids."),
        ("did the kids eat then go to bed", "Sam asks: did the kids eat then go to bed?"),
        ("did the parcel come then", "Sam asks: did the parcel come then?"),
        # a copula whose "it" chat dropped tells: one's own event and its date, a run-on past a comma, a correction
        ("is my graduation on saturday", "It is Sam's graduation on saturday."),
        ("was my dads op yesterday", "It was Sam's dads op yesterday."),
        ("was the locum this time, he said it's nothing serious", "Sam noted: it was the locum this time, he said it's nothing serious."),
        ("were the builders again, drilling from 7", "Sam noted: were the builders again, drilling from 7."),
        ("is the 9th not the 10th", "Sam noted: it is the 9th not the 10th."),
        # its subject is "it", never the speaker: a tradesman with his or her news after the comma, one's turn
        ("was the gas engineer, he's serviced the boiler", "Sam noted: it was the gas engineer, he's serviced the boiler."),
        ("was the cleaner, she's done the windows", "Sam noted: it was the cleaner, she's done the windows."),
        ("was my turn to drive last night", "It was Sam's turn to drive last night."),
        ("was a teacher for ten years before the kids", "Sam was a teacher for ten years before the kids."),
        ("was at the dentist this morning", "Sam was at the dentist this morning."),
        # what the subject is like or does, another's date, or a question after the comma still ask
        ("is my dad ok", "Sam asks: is Sam's dad ok?"),
        ("is my mum coming tomorrow", "Sam asks: is Sam's mum coming tomorrow?"),
        ("was the wedding lovely", "Sam asks: was the wedding lovely?"),
        ("is your birthday on friday", "Sam asks: is Kai's birthday on friday?"),
        ("is the party tonight, do you know", "Sam asks: is the party tonight, do you know?"),
        ("were the kids good for you, they can be a handful", "Sam asks: were the kids good for Kai, they can be a handful?"),
        # closed by "!" or with no subject after the auxiliary, it tells; so does news behind an auxiliary
        ("did it!", "Sam noted: did it!"),
        ("can't wait to see you", "Sam can't wait to see Kai."),
        ("Did I mention I'm moving to Leeds in May", "Did Sam mention Sam is moving to Leeds in May."),
        # chat's "youd" written as the listener's name: "had" before a participle, "would" before a base
        ("i thought youd left", "Sam thought Kai had left."),
        ("didnt even know youd applied", "Sam didn't even know Kai had applied."),
        ("youd love it", "Sam noted: Kai would love it."),
    ],
)
def test_an_inverted_auxiliary_agrees_and_its_verb_stays_bare(parser, resolver, text, entry):
    assert sam_to_kai(parser, resolver, text).text == entry


def sam_to_kai(parser, resolver, text: str):
    """The entry of Sam's turn ``text``, said to Kai."""
    return extract_turn(parser.parse(text), "Sam", SESSION, ExtractorConfig(), resolver, addressee="Kai")


@pytest.mark.slow
def test_a_weekday_naming_a_kind_of_thing_yields_to_a_date(parser, resolver):
    said = datetime(2025, 4, 17, 18)  # a Thursday
    first = extract_turn(parser.parse("Our first Monday lesson is May 5."), "Nora", said, ExtractorConfig(), resolver)
    assert first.event.text == "May 5"  # not "Monday", the kind of lesson, dated 21 April
    # alone, the weekday still dates the entry
    alone = extract_turn(parser.parse("The Friday meeting went well."), "Nora", said, ExtractorConfig(), resolver)
    assert alone.event.text == "Friday"


@pytest.mark.slow
def test_a_holiday_naming_a_kind_of_thing_yields_to_a_date(parser, resolver):
    said = datetime(2023, 11, 21, 18)
    home = extract_turn(parser.parse("My daughter comes home for the Christmas break on December 16th."), "Ben", said,
                        ExtractorConfig(), resolver)
    assert home.event.start == datetime(2023, 12, 16)  # the day she comes, not Christmas Day
    party = extract_turn(parser.parse("Our Christmas party is on December 8th."), "Ben", said, ExtractorConfig(), resolver)
    assert party.event.start == datetime(2023, 12, 8)
    # alone, the holiday still dates the occasion it names
    alone = extract_turn(parser.parse("The Christmas party was so much fun."), "Ben", datetime(2024, 1, 3), ExtractorConfig(), resolver)
    assert alone.event.start == datetime(2023, 12, 25)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, first",
    [
        # an occasion a holiday names ("christmas do", "xmas drinks") yields to the date said of it, even where the
        # parse reads "do" as a verb; "Christmas morning" is Christmas Day
        ("the office christmas do is on 11th december", datetime(2023, 12, 11)),
        ("our xmas drinks are on the 14th of december this year", datetime(2023, 12, 14)),
        ("the easter egg hunt is on the 2nd of april", datetime(2024, 4, 2)),
        ("we're opening presents on christmas morning", datetime(2023, 12, 25)),
        ("the christmas do is always a laugh", datetime(2023, 12, 25)),
    ],
)
def test_an_occasion_named_after_a_holiday_yields_to_its_own_date(parser, resolver, text, first):
    said = datetime(2023, 11, 21, 18)
    result = extract_turn(parser.parse(text), "Ben", said, ExtractorConfig(), resolver)
    assert result.event is not None and result.event.start == first, result.mentions


@pytest.mark.slow
def test_a_quotation_keeps_the_quoted_speakers_you(parser, resolver):
    said = extract_turn(parser.parse('my boss said "you\'re getting promoted in June"'), "Paul", SESSION,
                        ExtractorConfig(), resolver, addressee="Assistant")
    assert said.text == 'Paul\'s boss said "you\'re getting promoted in June"'  # not "Assistant is getting promoted"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "entry"),
    [
        # single quotes, told from the apostrophe by where the mark stands
        ("he texted me 'I'm done with you' and that was that", "He texted Sam 'I'm done with you'"),
        ("my mom said ‘you’re grounded’ when I was 12", "Sam's mom said ‘you’re grounded’ when Sam was 12."),
        ("I can't make it, it's Jess' car", "Sam can't make it, it's Jess' car."),
        # a clipped word or a year is no opening quote, and a plural possessive no closing one
        ("back in '99 you helped me move into my parents' place", "Back in '99 Kai helped Sam move into Sam's parents' place."),
        # a university's short name is no "you"; a shouted turn keeps its capitals
        ("my cousin got into U of T", "Sam's cousin got into U of T."),
        ("I'll tell U of Tom's plan", "Sam will tell Kai of Tom's plan."),
        # "thank you" naming a thing thanks no one; thanking the listener still does
        ("still need to send the thank you cards", "Sam still needs to send the thank you cards."),
        ("i wrote a thank you note to her", "Sam wrote a thank you note to her."),
        ("thank you for the card", "Sam thanks Kai for the card."),
        ("thank you text me when you leave", "Sam thanks Kai text Sam when Kai leaves."),
        # ... nor does "thank you" as a noun after an article, nor quoted after a verb of saying
        ("I baked her a cake as a thank you.", "Sam baked her a cake as a thank you."),
        ("I gave him a bottle of wine to say thank you.", "Sam gave him a bottle of wine to say thank you."),
        ("I said thank you to Tom.", "Sam said thank you to Tom."),
        ("a big thank you to everyone who came to the fete", "Sam noted: a big thank you to everyone who came to the fete."),
        ("it went well thank you, we raised £300", "Sam noted: it went well thanks Kai, we raised £300."),
        ("you helped a lot thank you", "Sam noted: Kai helped a lot thanks Kai."),
        ("GOING TO PARIS NEXT WEEK", "Sam is GOING TO PARIS NEXT WEEK."),
    ],
)
def test_quoted_words_code_and_capitals_are_kept_as_written(parser, resolver, text, entry):
    assert sam_to_kai(parser, resolver, text).text == entry


@pytest.mark.slow
def test_code_between_backticks_keeps_its_words(parser, resolver):
    said = sam_to_kai(parser, resolver, "here's my loop `for i in range(3)` and it fails")
    assert "for i in range" in said.text and "for Sam" not in said.text


@pytest.mark.slow
def test_a_statement_said_again_more_fully_keeps_its_own_subject(extract):
    # "retake it" and "booked the retake" share their words: the fuller wording is kept, and with it its own "I"
    # (the first's subject, borrowed from "have to", had been put before it: "Ellis Ellis booked the retake")
    assert extract("I have to retake it. I booked the retake for 15 November.", "Ellis").text == (
        "Ellis booked the retake for 15 November.")


@pytest.mark.slow
def test_a_bare_verb_coordinated_with_a_finite_one_is_no_request(extract):
    result = extract("I'm gonna finish my thesis and celebrate with friends.")
    assert "asks" not in result.text
    assert extract("Come and see my new paintings sometime!").text.startswith("Caroline asks to")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "entry"),
    [
        # an order not to do something is told as one, not as the speaker's own habit
        ("Please don't schedule anything before 2pm on those days.",
         "Maya asks Assistant not to schedule anything before 2pm on those days."),
        ("Please never suggest recipes with peanuts.", "Maya asks Assistant never to suggest recipes with peanuts."),
        ("Do not book anything on Friday.", "Maya asks Assistant not to book anything on Friday."),
        ("Never mind, I found it.", "Never mind, Maya found it."),
        ("Don't feel like I'm making much of an impact here.", "Don't feel like Maya is making much of an impact here."),
        ("I never eat breakfast.", "Maya never eats breakfast."),
        # an errand the tagger reads as a noun when it opens the message
        ("Book a tasting with the caterer for next Saturday at 11.",
         "Maya asks Assistant to book a tasting with the caterer for next Saturday at 11."),
        ("Book club was fun.", "Maya noted: Book club was fun."),
        # an order not to that prefaces news, or reassures, is no order
        ("Don't tell anyone but we're getting married on June 15th.",
         "Maya noted: Don't tell anyone but we're getting married on June 15th."),
        ("don't worry about it, I sorted it already", "Don't worry about it, Maya sorted it already."),
        # an order that opens with "always", "just" or an emphatic "do" is an order, not the speaker's habit
        ("and always give prices in euros", "Maya asks Assistant to always give prices in euros."),
        ("always forget my keys lol", "Maya always forgets Maya's keys."),
        # the way to travel in a chat fragment is no order and no deed of the speaker's
        ("then train to York, it's quicker", "Maya noted: then train to York, it's quicker."),
        ("ferry back on Sunday", "Maya noted: ferry back on Sunday."),
        ("Train harder next time.", "Maya asks Assistant to train harder next time."),
        # "let's" proposes what both will do: no one is asked to do it alone
        ("Let's book the cabin for the long weekend.", "Maya asks Assistant to book the cabin for the long weekend."),
        ("just use miles, I never think in km", "Maya asks Assistant to just use miles, Maya never thinks in km."),
        ("please do remind me about the bins", "Maya asks Assistant to remind Maya about the bins."),
        ("always been a morning person", "Maya has always been a morning person."),
        ("just got back from the gym", "Maya just got back from the gym."),
        # a verb whose past is its present after a full stop and "and" goes on with the past told before it; without
        # the "and", or with nothing before, it is still an order
        ("I renewed the car insurance online this morning. and set up a reminder for next year",
         "Maya renewed the car insurance online this morning. Maya set up a reminder for next year."),
        ("I missed the bus. and put my name down for the later one",
         "Maya missed the bus. Maya put Maya's name down for the later one."),
        ("I cooked dinner. Put the leftovers list in my notes",
         "Maya cooked dinner. Maya asks Assistant to put the leftovers list in Maya's notes."),
        ("and set a reminder for the dentist", "Maya asks Assistant to set a reminder for the dentist."),
        # ... unless the words mark an order: a "please", a reminder or an alarm set, a thing put in one's calendar
        ("I swapped my shift to sunday. and set an alarm for 5am", "Maya swapped Maya's shift to sunday. Maya asks "
         "Assistant to set an alarm for 5am."),
        ("I sorted the car insurance. then set a reminder for the renewal",
         "Maya sorted the car insurance. Maya asks Assistant to set a reminder for the renewal."),
        ("we picked a date for the party. then put it in my diary", "Maya noted: we picked a date for the party. "
         "Maya asks Assistant to put it in Maya's diary."),
        ("I paid the window cleaner. and set a reminder for next month please",
         "Maya paid the window cleaner. Maya asks Assistant to set a reminder for next month please."),
        # a next step after "then" is the speaker's as much as after "and"; one set up or put elsewhere is a deed
        ("I finished the ironing. then put the telly on", "Maya finished the ironing. Maya then put the telly on."),
        ("I lost my bank card. and set up a new one on the app",
         "Maya lost Maya's bank card. Maya set up a new one on the app."),
        ("I sold the bike. then put the money in savings", "Maya sold the bike. Maya then put the money in savings."),
        # a reminder or an alarm set on a device of one's own is one's deed; a "please" still asks
        ("I renewed the car tax. and set a reminder on my phone for next year",
         "Maya renewed the car tax. Maya set a reminder on Maya's phone for next year."),
        ("I renewed the car tax. and set a reminder on my phone please",
         "Maya renewed the car tax. Maya asks Assistant to set a reminder on Maya's phone please."),
        # a request to note a fact wraps the fact, which is what is kept; a thing or a question to note stays asked
        ("can you also note my sister Ines is doing Sundays now", "Maya's sister Ines is doing Sundays now."),
        ("I paid the deposit. please remember that the van comes at 8",
         "Maya paid the deposit. Maya noted: the van comes at 8."),
        ("can you note down my postcode", "Maya asks Assistant to note down Maya's postcode."),
        ("please remember to book the MOT", "Maya asks Assistant to remember to book the MOT."),
        ("can you remember when the MOT is due", "Maya asks Assistant to remember when the MOT is due."),
        # a noun of a goal or a sum before its value is a label and the value, no order ("asks Assistant to target
        # £300" had been written); the verb before what it takes, and a verb of paying out, still order
        ("doing the 5k on 12 april for the hospice. target £300",
         "Maya is doing the 5k on 12 april for the hospice. Maya noted: target £300."),
        ("signed up for the 10k. aim £500", "Maya signed up for the 10k. Maya noted: aim £500."),
        ("target the younger audience", "Maya asks Assistant to target the younger audience."),
        ("aim for £500", "Maya asks Assistant to aim for £500."),
        ("pay £300", "Maya asks Assistant to pay £300."),
    ],
)
def test_orders_to_an_assistant(parser, resolver, text, entry):
    said = extract_turn(parser.parse(text), "Maya", SESSION, ExtractorConfig(), resolver, addressee="Assistant",
                        addressee_role="assistant")
    assert said.text == entry


THREE_UNITS = (
    "I adopted a dog in March. My brother moved to Denver for a new job. We visited the Grand Canyon last summer."
)


@pytest.mark.slow
def test_more_units_than_the_turn_limit_are_merged_not_dropped(extract):
    result = extract(THREE_UNITS, "Nate")
    assert len(result.units) == 1
    for fact in ("Nate adopted a dog in March.", "Nate's brother moved to Denver", "the Grand Canyon last summer."):
        assert fact in result.text


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="attribution is decided on the merged text, which already names Nate, so the third unit keeps a bare "
    "'We visited ...'; alone, or with one other unit, it reads 'Nate noted: we visited ...'",
)
def test_merged_units_are_each_attributed_to_the_speaker(extract):
    assert extract(THREE_UNITS, "Nate").text == (
        "Nate adopted a dog in March. Nate's brother moved to Denver for a new job. "
        "Nate noted: we visited the Grand Canyon last summer."
    )


@pytest.mark.slow
def test_objectless_light_verbs_and_argumentless_predicates_are_filtered(extract):
    result = extract("I did. I agree. I adopted a puppy from the shelter.", "Maria")
    assert result.text == "Maria adopted a puppy from the shelter."
    assert not result.fallback


@pytest.mark.slow
def test_low_coverage_falls_back_to_the_whole_normalised_turn(extract):
    text = "Wow, so the rain never stopped. I adopted a puppy from the shelter and named her Bella after my grandmother."
    normal = extract(text, "Maria")
    assert not normal.fallback
    forced = extract(text, "Maria", ExtractorConfig(coverage_rho=1.01))  # no extraction can reach 101 %
    assert forced.fallback and forced.coverage == 1.0
    assert forced.text == (
        "Maria noted: the rain never stopped. "
        "Maria adopted a puppy from the shelter and named her Bella after Maria's grandmother."
    )


@pytest.mark.slow
def test_temporal_expressions_survive_and_ground_the_entry(extract):
    result = extract("Last week was crazy. I finally finished my thesis.", "Tim")
    assert "Last week" in result.text
    assert result.event.text == "Last week"
    assert (result.event.start.date(), result.event.end.date()) == (date(2023, 5, 1), date(2023, 5, 8))
    assert result.temporal_preserved == len(result.mentions) == 1
    # a time said apart from the entry's clauses (an answer given before it) does not date what the entry says; beside
    # a clause with a date of its own it stays its own sentence, not "( … )" hung on that clause
    move = extract("september. gonna move to LA in august prob", "Jess")
    assert move.text.startswith("Jess noted: september. ") and move.event.text == "august"


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, kept",
    [
        # a routine's hour dates nothing, yet its verbless sentence beside a kept one is kept, as a dated thing is
        ("and bedtime reminder at 10:15 on weeknights. I'm keen on fixing my sleep", "bedtime reminder at 10:15 on weeknights"),
        ("Swim squad tues and thurs evenings. She loves it", "Swim squad tues and thurs evenings"),
    ],
)
def test_a_routines_time_keeps_its_words_and_dates_nothing(extract, text, kept):
    result = extract(text, "Tim")
    assert kept.lower() in result.text.lower() and result.event is None


@pytest.mark.slow
def test_discourse_only_turns_keep_their_words_and_wordless_turns_yield_nothing(extract):
    thanks = extract("Thanks! Bye!", "Gina")
    assert thanks.text == "Gina noted: Thanks! Bye!" and thanks.fallback and thanks.provenance == "inferred"
    assert extract(";)", "Gina").empty
    # a closing is discourse like a greeting: alone it is kept as said, beside content it goes
    for closing, said in (("Night!", "Priya noted: Night!"), ("gotta run", "Priya noted: gotta run."),
                          ("that's all for tonight", "Priya noted: that's all for tonight.")):
        entry = extract(closing, "Priya")
        assert entry.text == said and entry.fallback and entry.provenance == "inferred"
    assert extract("I finished the report. Gotta run!", "Priya").text == "Priya finished the report."
    assert extract("I need to run to the store tonight.", "Priya").text == "Priya needs to run to the store tonight."


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, provenance",
    [
        ("I bought a car.", "stated"),
        ("My son turns seven in June.", "stated"),
        ("Did you like the concert?", "inferred"),
        ("Maybe I will try pottery?", "inferred"),
        ("Please remind me to call my mom.", "inferred"),
    ],
)
def test_provenance(extract, text, provenance):
    assert extract(text).provenance == provenance


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, scope",
    [
        ("I was diagnosed with asthma last year.", "USER_PII"),
        ("I paid $300 for the new shoes.", "USER_PII"),
        ("The offer is 65,000 euros a year.", "USER_PII"),  # money named in words, not only by its symbol
        ("I ran a 10k on Sunday.", "GENERIC"),  # a race, not money
        ("My new laptop keeps crashing.", "INTERNAL"),
        ("We flew to Tokyo on Japan Airlines.", "EXTERNAL"),
        ("I baked cookies with the kids.", "GENERIC"),
        # health said by a medicine, an injury, a test or a condition the first word list did not hold
        ("My citalopram went up to 20mg last week.", "USER_PII"),
        ("I broke my wrist on Saturday.", "USER_PII"),
        ("Had an STI check last week, all clear.", "USER_PII"),
        ("My dad had a heart attack on Saturday.", "USER_PII"),
        ("Nan's dementia is getting worse.", "USER_PII"),
        ("CBT is really helping.", "USER_PII"),
        # the same words of another sense
        ("It's so cold outside today.", "GENERIC"),
        ("I broke up with him and came back home.", "GENERIC"),
        ("I had a stroke of luck at the bingo.", "GENERIC"),
        ("They're building a bypass round the village.", "GENERIC"),
        ("The pill bottle was empty.", "GENERIC"),
        ("My dad had a stroke.", "USER_PII"),
        ("My mum has alzheimer's.", "USER_PII"),
        ("I've got tonsillitis again.", "USER_PII"),
        # contacts as written outside North America, and said without "phone"; secrets; a handle said to be one
        ("My number is 07700 900456.", "USER_PII"),
        ("Call me on +44 7700 900789.", "USER_PII"),
        ("Ring the office on (020) 7946 0018.", "USER_PII"),
        ("My new number ends in 42, I switched to Three.", "USER_PII"),
        ("My Netflix password is hunter2.", "USER_PII"),
        ("My Instagram is @patcooks now.", "USER_PII"),
        # and what is none of them: a race time, years, a count, a call in a group chat, a number of something
        ("I ran 10k in 52:30 between 2019 and 2023.", "GENERIC"),
        ("Room 0234 was booked, the score was 21-18.", "GENERIC"),
        ("@sam did you bring the cake?", "GENERIC"),
        ("My number of followers doubled.", "GENERIC"),
        ("My Dutch number is 06-12345678.", "USER_PII"),
        ("Text me on +33 6 12 34 56 78.", "USER_PII"),
        ("I work 0700-1500 most days.", "GENERIC"),
        ("We hit +10 000 followers!", "GENERIC"),
        ("She is her number one fan.", "GENERIC"),
        ("I forgot my password again.", "INTERNAL"),
        ("Bowling pins everywhere.", "GENERIC"),
        ("Follow @nasa for the launch.", "GENERIC"),
        # a long number, though named by its brand alone: a loyalty, passport or account number
        ("My Avios is 4410 2231 987.", "USER_PII"),
        ("yes it's 561204877", "USER_PII"),
        ("Ingrid's Skywards is 2051 887 362.", "USER_PII"),
        # and numbers in a row, years in a row, a marked sum: none
        ("We did 10 20 30 40 reps.", "GENERIC"),
        ("From 2019 2020 onwards it got busy.", "GENERIC"),
        ("In 2019 300 people signed up.", "GENERIC"),
        ("We sold 1,200,000 copies.", "GENERIC"),
        # a bare answer, which the fallback keeps whole, is masked where it is private, and only then
        ("kai.morgan88@gmail.com", "USER_PII"),
        ("07700 900222", "USER_PII"),
        ("Congrats!", "GENERIC"),
    ],
)
def test_scope(extract, text, scope):
    assert extract(text).scope == scope


def test_third_person_agreement():
    assert [third_person(v) for v in ("want", "go", "try", "have", "am", "watch", "play")] == [
        "wants", "goes", "tries", "has", "is", "watches", "plays"
    ]


# --- frames -------------------------------------------------------------------------------------------------
def _turns() -> pl.DataFrame:
    rows = [
        ("c1:D1:1", "c1", "Caroline", "I went to a support group yesterday."),
        ("c1:D1:2", "c1", "Melanie", "Wow! I painted a sunrise last year."),
        ("c1:D1:3", "c1", "Caroline", "I want to adopt a child."),
    ]
    frame = pl.DataFrame(
        {
            "turn_id": [r[0] for r in rows],
            "conversation_id": [r[1] for r in rows],
            "session_id": ["c1:S1"] * 3,
            "session_index": [1] * 3,
            "session_time": [SESSION] * 3,
            "turn_index": [1, 2, 3],
            "seq": [1, 2, 3],
            "speaker": [r[2] for r in rows],
            "role": ["user"] * 3,
            "text": [r[3] for r in rows],
            "timestamp": [None] * 3,
            "source_ref": ["D1:1", "D1:2", "D1:3"],
            "image_caption": [None] * 3,
            "session_utc_offset_minutes": [None] * 3,
            "session_time_utc": [None] * 3,
            "timestamp_utc_offset_minutes": [None] * 3,
        }
    )
    return pl.from_arrow(frame.to_arrow().cast(TURNS))


def _gate(admitted: list[bool]) -> pl.DataFrame:
    return pl.DataFrame({"turn_id": ["c1:D1:1", "c1:D1:2", "c1:D1:3"], "conversation_id": ["c1"] * 3, "admitted": admitted})


@pytest.mark.slow
def test_extract_memories_frames(parser, resolver):
    config = ExtractorConfig()
    result = extract_memories(_turns(), _gate([True, True, False]), parser, config, resolver)
    entries = result.entries
    assert entries.columns[: len(MEMORY_ENTRIES.names)] == MEMORY_ENTRIES.names
    assert entries["source_turn_id"].to_list() == ["c1:D1:1", "c1:D1:2"]
    assert entries["text"].to_list() == [
        "Caroline went to a support group yesterday.",
        "Melanie painted a sunrise last year.",
    ]
    assert entries["event_start"].to_list() == [datetime(2023, 5, 7), datetime(2022, 1, 1)]
    assert entries["event_time_basis"].to_list() == ["expression", "expression"]
    assert result.sources.columns == MEMORY_SOURCES.names
    assert set(result.sources["memory_kind"]) == {"entry"} and set(result.sources["role"]) == {"source"}
    assert result.diagnostics.height == 1 and result.diagnostics.columns == EXTRACTION_DIAGNOSTICS.names
    diag = result.diagnostics.row(0, named=True)
    assert diag["admitted_turns"] == 2 and diag["empty_outputs"] == 0 and diag["temporal_preservation"] == 1.0
    assert result.metrics["entries"] == 2
    # ids are deterministic
    again = extract_memories(_turns(), _gate([True, True, False]), parser, config, resolver)
    assert again.entries["memory_id"].to_list() == entries["memory_id"].to_list()


@pytest.mark.slow
def test_a_turns_own_timestamp_anchors_its_dates(parser, resolver):
    """A session that runs over days (a chat export): "yesterday" is the day before the turn, not the session's
    start, and a turn without a date of its own is dated the day it was said."""
    said = [datetime(2023, 5, 8, 23, 50), datetime(2023, 5, 11, 9, 0), None]
    turns = _turns().with_columns(pl.Series("timestamp", said, pl.Datetime("us")))
    entries = extract_memories(turns, _gate([True, True, True]), parser, ExtractorConfig(), resolver).entries
    assert entries["event_start"].to_list() == [datetime(2023, 5, 7), datetime(2022, 1, 1), datetime(2023, 5, 8)]
    assert entries["event_time_basis"].to_list() == ["expression", "expression", "session"]
    dated = turns.with_columns(pl.Series("timestamp", [None, None, datetime(2023, 5, 11, 9, 0)], pl.Datetime("us")))
    undated = extract_memories(dated, _gate([False, False, True]), parser, ExtractorConfig(), resolver).entries
    assert undated["event_start"].to_list() == [datetime(2023, 5, 11)]
    later = turns.with_columns(pl.Series("timestamp", [datetime(2023, 5, 12, 8, 0), None, None], pl.Datetime("us")))
    moved = extract_memories(later, _gate([True, False, False]), parser, ExtractorConfig(), resolver).entries
    assert moved["event_start"].to_list() == [datetime(2023, 5, 11)]  # yesterday of 12 May


@pytest.mark.slow
def test_since_we_last_talked_counts_from_the_session_before(parser, resolver):
    """"Since we last talked" is the stretch from the end of the session before (its last turn's own time) to this
    one, and dates a memory only where no date of its own does; in a first session it is not known."""
    sessions = [(1, datetime(2023, 4, 20, 18)), (2, SESSION), (2, SESSION), (2, SESSION)]
    texts = [
        "Since we last talked I've started running three times a week.",
        "Since we last talked I've started running three times a week.",
        "A lot has happened since our last chat. I went to a support group yesterday.",
        "I painted a sunrise. Anything new since we last talked?",
    ]
    turns = pl.concat([_turns(), _turns().tail(1).with_columns(pl.lit("c1:D1:4").alias("turn_id"))]).with_columns(
        pl.Series("session_index", [i for i, _ in sessions], pl.Int32),
        pl.Series("session_id", [f"c1:S{i}" for i, _ in sessions]),
        pl.Series("session_time", [t for _, t in sessions], pl.Datetime("us")),
        pl.Series("timestamp", [datetime(2023, 4, 22, 9), None, None, None], pl.Datetime("us")),
        pl.Series("text", texts),
    )
    admitted = pl.DataFrame({"turn_id": turns["turn_id"], "conversation_id": turns["conversation_id"], "admitted": [True] * 4})
    entries = extract_memories(turns, admitted, parser, ExtractorConfig(), resolver).entries
    first, since, dated, asked = entries.rows(named=True)
    assert first["event_time_basis"] == "session" and first["event_start"] == datetime(2023, 4, 22)
    assert (since["event_start"], since["event_end"]) == (datetime(2023, 4, 22), datetime(2023, 5, 9))
    assert since["event_time_text"] == "Since we last talked" and since["event_time_basis"] == "expression"
    assert dated["event_start"] == datetime(2023, 5, 7)  # yesterday, inside the stretch, says when
    # a question asks what happened in the stretch; it tells nothing to date what is kept beside it
    assert asked["event_time_basis"] == "session" and asked["event_start"] == datetime(2023, 5, 8)


def _other_conversation(turns: pl.DataFrame) -> pl.DataFrame:
    return turns.with_columns(
        pl.col("turn_id").str.replace("c1:", "c2:"), pl.lit("c2").alias("conversation_id"), pl.lit("c2:S1").alias("session_id")
    )


@pytest.mark.slow
def test_a_chunk_parsed_in_one_batch_extracts_what_each_conversation_would_alone(parser, resolver):
    calls: list[int] = []

    class CountingParser:
        name = parser.name

        def parse_batch(self, texts):
            calls.append(len(texts))
            return parser.parse_batch(texts)

    turns, config = _turns(), ExtractorConfig()
    chunk = {
        "c1": (turns, _gate([True, True, False])),
        "c2": (_other_conversation(turns), _gate([False, True, True]).with_columns(
            pl.col("turn_id").str.replace("c1:", "c2:"), pl.lit("c2").alias("conversation_id"))),
    }
    docs = parse_admitted(chunk, CountingParser())
    assert calls == [4]  # one batch for both conversations' admitted turns
    assert [d.text for d in docs["c1"]] == ["I went to a support group yesterday.", "Wow! I painted a sunrise last year."]
    assert [d.text for d in docs["c2"]] == ["Wow! I painted a sunrise last year.", "I want to adopt a child."]
    for cid, (conversation, scores) in chunk.items():
        given = extract_memories(conversation, scores, parser, config, resolver, docs=docs[cid])
        alone = extract_memories(conversation, scores, parser, config, resolver)
        assert given.entries.drop("parse").equals(alone.entries.drop("parse"))
        assert given.entries["parse"].to_list() == alone.entries["parse"].to_list()
        assert given.diagnostics.equals(alone.diagnostics)
    with pytest.raises(ValueError, match="1 parses given for 2 admitted turns"):
        extract_memories(turns, chunk["c1"][1], parser, config, resolver, docs=docs["c1"][:1])


@pytest.mark.slow
def test_turn_without_time_anchor_is_stamped_with_its_session_day(parser, resolver):
    result = extract_memories(_turns(), _gate([False, False, True]), parser, ExtractorConfig(), resolver)
    row = result.entries.row(0, named=True)
    assert row["text"] == "Caroline wants to adopt a child."
    assert (row["event_time_text"], row["event_start"], row["event_end"], row["event_time_basis"]) == (
        None, datetime(2023, 5, 8), datetime(2023, 5, 9), "session"
    )


@pytest.mark.slow
def test_nothing_admitted_gives_typed_empty_frames(parser, resolver):
    result = extract_memories(_turns(), _gate([False, False, False]), parser, ExtractorConfig(), resolver)
    assert result.entries.height == 0 and result.entries.columns[: len(MEMORY_ENTRIES.names)] == MEMORY_ENTRIES.names
    assert result.sources.height == 0


@pytest.mark.slow
def test_lineage_checks_catch_missing_and_dangling_sources(parser, resolver):
    result = extract_memories(_turns(), _gate([True, True, True]), parser, ExtractorConfig(), resolver)
    assert memories_have_sources(result.entries, result.sources).passed
    assert sources_exist(result.sources, _turns()).passed
    dangling = result.sources.with_columns(
        pl.when(pl.col("turn_id") == "c1:D1:2").then(pl.lit("c1:D9:9")).otherwise(pl.col("turn_id")).alias("turn_id")
    )
    check = sources_exist(dangling, _turns())
    assert not check.passed and check.metadata["examples"] == ["c1:D9:9"]
    orphan = memories_have_sources(result.entries, result.sources.head(2))
    assert not orphan.passed and orphan.metadata["examples"] == [result.entries["memory_id"][2]]
    assert empty_output_rate_under(result.diagnostics, 0.005).passed


@pytest.mark.slow
def test_a_misspelt_verb_read_as_a_proper_noun_carries_no_fragment(extract, monkeypatch):
    # "Remenber" is tagged a proper noun with no entity; the sentence has its predicate, so no verbless fragment
    # may be added for it (the extra unit had changed how the whole turn was merged and attributed)
    from memory_pipeline.extraction import turn

    text = ("Hey Gina! Congrats on the new fashion piece! Looks like your store is growing. Remenber the festival I "
            "told you about? Had that performance and it was awesome - so many people there complementing my dance "
            "moves. Dancing brings me joy and it was nice to be reminded why I'm passionate about it.")
    with_fragments = extract(text, "Jon").text
    monkeypatch.setattr(turn, "_carried_fragments", lambda *args: ([], []))
    assert with_fragments == extract(text, "Jon").text
    assert "Jon had that performance" in with_fragments


@pytest.mark.slow
def test_an_appended_date_on_the_other_side_of_the_session_day_does_not_date_the_memory(extract):
    # the date of a dropped answer is kept in the text, but a past deed is not dated in the months ahead
    moved_in = extract("Maybe in September. Aisling moved in and she's great.", "Priya")
    assert "September" in moved_in.text and moved_in.event is None
    finished = extract("Last Tuesday. I finally finished the report.", "Priya")
    assert finished.event is not None and finished.event.text == "Last Tuesday"
    planned = extract("Next week. I'm going to finish the report.", "Priya")
    assert planned.event is not None and planned.event.text == "Next week"


@pytest.mark.slow
def test_a_date_said_apart_from_a_dated_clause_dates_its_own_sentence(extract):
    # the clause keeps its own date as the memory's; the date said apart is its own sentence's, no longer lost
    said = extract("not until monday. the sofa arrived on thursday", "Ana")
    assert said.event.text == "on thursday" and [d.text for d in said.dates] == ["monday", "on thursday"]


@pytest.mark.slow
def test_a_dated_thing_said_before_talk_ahead_keeps_its_own_words(extract):
    # the race and its date had been dropped and the date hung on the swimming: "swim and cycle (6 October)"
    race = extract("Maybe the Chester Marathon on 6 October. I'll swim and cycle while I'm injured.", "Dan")
    assert race.text.startswith("Dan noted: Maybe the Chester Marathon on 6 October. Dan will swim and cycle")
    garden = extract("Garlic and broad beans in October. I'm going to give away most of the balcony plants.", "Ali")
    assert "Garlic and broad beans in October." in garden.text and "plants (October)" not in garden.text
    # before news of the past, a date ahead does not date it; the move has its own date, so the race is kept apart
    # as said rather than hung on the move as "(6 October)"
    moved = extract("The Chester Marathon on 6 October. I moved house last week.", "Dan")
    assert moved.text == "Dan noted: the Chester Marathon on 6 October. Dan moved house last week." \
        and moved.event.text == "last week"


@pytest.mark.slow
def test_a_babys_sex_is_news(extract):
    # a vague "it" with a copula is no fact, but "it's a girl" is the news of its turn (it had been dropped)
    girl = extract("All good! It's a girl. We're thinking of calling her Maya.", "Priya")
    assert girl.text.startswith("Priya noted: It's a girl.")
    twins = extract("It's twins! We found out on Monday.", "Zoe")
    assert "It's twins." in twins.text
    # "a boy thing" is no baby
    assert "It's a boy." not in extract("It's a boy thing, you wouldn't understand. I love football.", "Zoe").text


@pytest.mark.slow
def test_a_possessive_apostrophe_does_not_close_a_sentence(extract):
    # "at St Thomas'" had run on into the next sentence ("... St Thomas' Nina is trying ..."); a quote still closes
    kept = extract("March 14th at St Thomas'. I'm trying to stay calm for her.", "Nina")
    assert "St Thomas'. Nina is trying" in kept.text
    assert extract("She said 'yes'. We're engaged!", "Nina").text.count("'yes'.") == 0


@pytest.mark.slow
def test_pulling_out_of_a_thing_is_news(extract):
    # "out" with "of" after it is where one left, an argument of the verb (the withdrawal had been dropped)
    out = extract("Yes, I've pulled out of Manchester. I deferred my place to next year.", "Dan")
    assert out.text.startswith("Dan has pulled out of Manchester.")


@pytest.mark.slow
def test_a_holiday_named_after_someone_is_no_person(extract):
    # the parser reads "Valentine" of "Valentine's Day" as a PERSON; the holiday names no one
    assert extract("Tom is taking me to dinner on Valentine's Day.").people == ["Tom"]
    assert extract("Valentine's Day interview, very romantic.").people == []
    # nor is a feast's or a festival's name, which it had read as one ("Whitsun", "Diwali", "Holi")
    assert extract("Whitsun was lovely, we went to the coast.").people == []
    for festival in ("Diwali was amazing", "Holi is next week", "Rosh Hashanah is on the 23rd", "Hanukkah was lovely",
                     "ramadan mubarak", "lunar new year is next week"):
        assert extract(festival).people == []
    assert extract("Tariq Ramadan is speaking tonight").people == ["Tariq Ramadan"]


@pytest.mark.parametrize(
    ("text", "people"),
    [
        # a place named after a saint (a home, a hospital, a hospice) is no person the memory names
        ("St Mary's have offered him a bed. he moves on Friday", []),
        ("Saint Joseph's called about her place, she starts on Monday", []),
        ("Nan is at St Catherine's hospice now, she's comfortable", []),
        # names that merely begin with the letters are people
        ("Stacey's moving house, she's stressed", ["Stacey"]),
        ("Stan's great, he just got promoted", ["Stan"]),
        # ... and a surname after a title that opens with "St", or a name said apart from the place
        ("Mr St. John is our new neighbour, he's quiet", ["John"]),  # the tagger's span
        ("my cousin Bernard works at St Bernard's, he's a porter", ["Bernard"]),
    ],
)
@pytest.mark.slow
def test_a_saints_name_is_a_place_not_a_person(extract, text, people):
    assert extract(text).people == people


@pytest.mark.slow
def test_a_person_a_pronoun_was_resolved_to_is_among_the_people(extract):
    # the name said in a dropped fragment comes back into the memory through "his" / "her": the memory names
    # that person, so its people do too
    quote = extract("Marco Rossi, the contractor my sister used. His quote came in at 18,500 euros.", "Nadia")
    assert "Marco Rossi's quote" in quote.text and quote.people == ["Marco Rossi"]
    fee = extract("Jen Alvarez, the architect my cousin recommended. Her fee is 2,000 dollars.", "Nadia")
    assert "Jen Alvarez's fee" in fee.text and fee.people == ["Jen Alvarez"]
    # a pronoun kept as said names no one
    kept = extract("She quoted 1,200 euros for the plumbing.", "Nadia")
    assert kept.people == []


@pytest.mark.slow
def test_a_person_entity_that_holds_a_verb_or_an_article_is_no_person(extract):
    # the parser reads a capitalised verb opening a sentence, and what follows it, as a PERSON ("Finished the
    # Riverside"); a name holds neither a verb nor an article
    assert extract("I did it!! Finished the Riverside Half yesterday in 1:57:42!", "Dana").people == []
    assert extract("Saw Dr. Patel yesterday.", "Dana").people == ["Patel"]  # a real name after the verb stays


@pytest.mark.slow
def test_a_place_named_before_here_is_kept(extract):
    # "here" is only as good as the place said before it: without "Greetings from Lisbon" the move has no place
    assert "Lisbon" in extract("Greetings from Lisbon! I moved here on the 8th of January.", "Dan").text
    assert "Berlin" in extract("Greetings from Berlin! I've been here three weeks and I love it.", "Mara").text
    # a greeting from a place before a sentence that does not say "here" stays a greeting
    assert "Rome" not in extract("Hello from Rome! The food is amazing.", "Dan").text


@pytest.mark.slow
@pytest.mark.parametrize("text", ["she was really rude about Raf at dinner", "we got a refund for the months minus a fee"])
def test_a_preposition_kept_keeps_its_object(parser, text):
    """However deep the noun-phrase limit cuts, a preposition in the span brings its object ("... about Raf at."
    had lost "dinner")."""
    from memory_pipeline.extraction.clauses import split_clauses
    from memory_pipeline.extraction.scoring import build_span

    doc = parser.parse(text)
    clause = split_clauses(doc, 0, ExtractorConfig().comma_split_min_words)[0]
    config = ExtractorConfig()
    span = build_span(doc, doc.roots[0], clause, config.clause_depth, config.noun_phrase_depth)
    assert len(doc) - 1 in span
    for limit in (2, 3):  # shallower: a preposition goes whole or not at all
        span = build_span(doc, doc.roots[0], clause, config.clause_depth, limit)
        assert all(k + 1 in span for k in span if doc.tokens[k].pos == "ADP")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("said", "text", "event", "people"),
    [
        # a festival's name that is also a person's is the person, no date: after a title or a word for a person,
        # doing what a person does, asked, told or seen, or inside a longer name
        (date(2026, 2, 1), "my colleague Ramadan is off sick today", (date(2026, 2, 1), date(2026, 2, 2)), ["Ramadan"]),
        (date(2026, 2, 1), "Ramadan said he'd send the report on friday", (date(2026, 2, 6), date(2026, 2, 7)), ["Ramadan"]),
        (date(2026, 2, 1), "Dr Eid is my new GP", None, ["Eid"]),
        (date(2026, 2, 1), "Mr Eid teaches maths at my school", None, ["Eid"]),
        (date(2026, 2, 1), "my friend Eid is visiting next week", (date(2026, 2, 2), date(2026, 2, 9)), ["Eid"]),
        (date(2026, 2, 1), "I'm seeing Ramadan on friday", (date(2026, 2, 6), date(2026, 2, 7)), None),
        (date(2026, 2, 1), "I asked Ramadan and he said yes", None, ["Ramadan"]),
        (date(2026, 2, 1), "Ramadan is my neighbour", None, None),
        (date(2026, 2, 1), "tell Ramadan I said hi", None, None),
        (date(2026, 11, 12), "Eid came over, we had a lovely time", None, None),
        (date(2026, 2, 1), "Ramadan Abdullah called me yesterday", (date(2026, 1, 31), date(2026, 2, 1)), ["Ramadan Abdullah"]),
        (date(2026, 2, 1), "Holi Patel starts on monday", (date(2026, 2, 2), date(2026, 2, 3)), ["Holi Patel"]),
        (date(2025, 3, 1), "Tariq Ramadan is speaking tonight", (date(2025, 3, 1), date(2025, 3, 2)), ["Tariq Ramadan"]),
        # guards: the festival, as it goes, is had or is prepared for
        (date(2026, 2, 10), "Ramadan is going well", (date(2026, 2, 18), date(2026, 3, 20)), []),
        (date(2026, 3, 20), "Ramadan came early this year", (date(2026, 2, 18), date(2026, 3, 20)), []),
        (date(2026, 4, 14), "Eid was lovely", (date(2026, 3, 20), date(2026, 3, 21)), []),
        (date(2026, 3, 10), "we're seeing family for Eid", (date(2026, 3, 20), date(2026, 3, 21)), []),
        (date(2026, 2, 20), "Diwali was amazing", (date(2025, 10, 20), date(2025, 10, 21)), []),
    ],
)
def test_a_festival_that_names_a_person_is_no_date(parser, resolver, said, text, event, people):
    entry = extract_turn(parser.parse(text), "Leo", datetime(said.year, said.month, said.day, 12), ExtractorConfig(), resolver)
    assert (entry.event and (entry.event.start.date(), entry.event.end.date())) == event
    if people is not None:
        assert entry.people == people
