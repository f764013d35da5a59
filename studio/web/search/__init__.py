"""Web search: asking search services for results, before any result page is loaded.

- :mod:`~studio.web.search.backend`: the :class:`SearchBackend` contract and the vocabulary.
- :mod:`~studio.web.search.searxng`: the SearXNG backend.
- :mod:`~studio.web.search.dispatch`: one search across the configured backends.
- :mod:`~studio.web.search.candidates`: merging duplicate results, before and after loading.
- :mod:`~studio.web.search.budget`: sharing the character budget among the loaded pages.
- :mod:`~studio.web.search.errors`: why a search failed, as opposed to finding nothing.

Nothing here loads a result's page; the public-only page retrieval in :mod:`studio.web` does.
The modules are imported one by one (HS-12), so this package re-exports nothing.
"""
