"""Chat's spellings written out for a model trained on edited text.

Messaging-app logs drop apostrophes and abbreviate ("im scared of heights tho", "cant make it, got work",
"ok gtg ttyl"). The gate's encoder was trained on conversations that spell these out, and reads the chat forms
as different, rarer words: on the shipped gate "im scared of heights tho" scores 0.08 and "I'm scared of heights
though" 0.20, while "ok gtg ttyl" scores 0.23 and "ok got to go, talk to you later" 0.00. Writing the forms out
before the gate packs a message moves chat back to what the gate has learnt. The memory text is not touched: it
keeps the speaker's own words.

Only forms with a single reading are written out. "ill" (I'll, or sick), "were" (we're, or past), "its", "id",
"well", "hell", "shell", "wed" and "lets" stay as they are, because the wrong reading would change what was said.
"""

from __future__ import annotations

import re

# Chat's interjections and asides, which the tagger often reads as verbs, nouns or names ("haha her name is Leah"
# as an order to "haha", "nah was at my sister's" with "nah" a person): never content, never a request, never
# anyone's name.
CHAT_INTERJECTIONS = frozenset(
    """haha hahaha hahah hehe heh lol lmao lmfao rofl omg omfg ugh ughh argh hmm hmmm hm wow whoa woah yay yikes
    oops whoops phew ooh oooh meh aw aww awww ah ahh oh ohh nah yep yup nope welp btw tbh ngl fyi imo idk jk ok okay
    okk kk fr ffs smh fml""".split()
)

# Contractions typed without their apostrophe that are also words ("ill": I'll, or sick): never written out, since
# the wrong reading would change what was said, and never a name, though the tagger may call "ill" one.
# "Please" as chat writes it
PLEASE_WORDS = frozenset({"please", "pls", "plz"})
AMBIGUOUS_APOSTROPHE_LESS = frozenset({"ill", "were", "its", "id", "well", "hell", "shell", "wed", "lets"})
# Contractions typed without their apostrophe; none of them is an English word on its own.
APOSTROPHE_LESS = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "wont": "won't", "isnt": "isn't",
    "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
    "hadnt": "hadn't", "youre": "you're", "youve": "you've", "youll": "you'll", "theyre": "they're",
    "theyve": "they've", "thats": "that's", "whats": "what's", "wheres": "where's", "theres": "there's",
    "hes": "he's", "shes": "she's", "weve": "we've", "aint": "ain't",
}
# Chat's spellings of time words ("tmrw", "this wknd", "nxt wk"): the temporal rules read them as the words they
# stand for too (extraction/temporal.py).
CHAT_TIME_WORDS = {
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow", "tmw": "tomorrow", "2moro": "tomorrow",
    "2morrow": "tomorrow", "2mrw": "tomorrow", "tonite": "tonight", "2nite": "tonight", "2day": "today",
    "yday": "yesterday", "ystrdy": "yesterday", "wknd": "weekend", "wkend": "weekend", "wk": "week", "wks": "weeks",
    "nxt": "next", "mnth": "month", "mnths": "months", "yr": "year", "yrs": "years",
    # work chat's deadlines: "the deck by EOD", "PRD by eow"
    "eod": "end of day", "eow": "end of the week", "eom": "end of the month",
}
# Chat's other abbreviations.
CHAT_ABBREVIATIONS = {
    "u": "you", "ur": "your", "tho": "though", "thru": "through", "cuz": "because", "coz": "because",
    "bc": "because", "pls": "please", "plz": "please", "thx": "thanks", "ty": "thank you", "gtg": "got to go",
    "g2g": "got to go", "ttyl": "talk to you later", "brb": "be right back", "idk": "I don't know",
    "btw": "by the way", "rn": "right now", "b4": "before", "bday": "birthday", "ppl": "people",
    "abt": "about", "tbh": "to be honest", "imo": "in my opinion", "nvm": "never mind", "omg": "oh my god",
}
_WRITTEN_OUT = APOSTROPHE_LESS | CHAT_ABBREVIATIONS | CHAT_TIME_WORDS
# A word of letters and digits with no apostrophe or hyphen on either side ("I'm", "o'clock" and "U-turn" stay).
_WORD = re.compile(r"(?<![\w'’-])[A-Za-z0-9]+(?![\w'’-])")


def written_out(text: str) -> str:
    """``text`` with chat's unambiguous spellings written out and a lone lower-case "i" capitalised.

    Only a word in lower case or with a capital first letter ("im", "Im") is chat; in capitals it is more
    likely an abbreviation of its own ("300 BC", "IM" for instant message) and stays.
    """
    return _WORD.sub(_written_out_word, text)


def _written_out_word(match: re.Match[str]) -> str:
    word = match.group(0)
    if word == "i":
        return "I"
    if word not in (word.lower(), word.capitalize()):
        return word
    spelled = _WRITTEN_OUT.get(word.lower(), word)
    return spelled[0].upper() + spelled[1:] if word[0].isupper() else spelled
