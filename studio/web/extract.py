"""Turn a retrieved web page into Markdown plus the metadata the page declares about itself.

The model needs a page's article, not its navigation: :func:`extract_page` runs readability over
the parsed page and converts the article to Markdown with html2text. Metadata comes only from
what the page states (``<meta>``, JSON-LD, microdata, ``<html lang>``), never from the prose.

* Hidden nodes (``hidden``, ``aria-hidden="true"``, inline ``display:none`` or
  ``visibility:hidden``) go first: no reader sees them, which makes them a hiding place for
  instructions aimed at models.
* Links are absolute (honouring ``<base href>``), so the model can follow them. Links within the
  page (``#cite_note-1``) and non-http(s) links (``javascript:``, ``mailto:``) keep only their
  text: they cannot be read and cost characters.
* Images stay as ``![alt](absolute-src)`` only with alternative text and an http(s) source;
  decorative images and ``data:`` URIs would add characters without meaning.
* Lines are not wrapped (``body_width=0``): wrapping costs characters and would give the
  truncator false paragraph boundaries.
* Content nested deeper than 256 elements is lost: libxml2 stops there unless told to parse
  "huge" trees, a limit worth keeping for untrusted input.

Extraction is CPU-bound (about 0.2 s for a large Wikipedia article), so async callers use
:func:`extract_page_in_worker`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import html as html_entities
import json
import logging
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

# lxml, readability and html2text are imported where they are used: together they take
# longer to import than the app's window takes to open, and the first extraction runs in a
# worker thread anyway.

__all__ = ["ExtractedPage", "extract_page", "extract_page_in_worker", "extract_text_document"]

_log = logging.getLogger(__name__)
# One extraction at a time in threads; see extract_page_in_worker.
_THREAD_TURN = threading.Lock()

MAX_METADATA_CHARACTERS = 1000
MAX_AUTHOR_CHARACTERS = 200
MAX_AUTHORS = 10
# JSON-LD is read from at most this many scripts and bytes: a page controls both.
MAX_JSON_LD_SCRIPTS = 20
MAX_JSON_LD_CHARACTERS = 256 * 1024
_MAX_JSON_LD_DEPTH = 32

_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)
_TITLE_SEPARATOR = re.compile(r" [|\-\\/>»] ")
_HIERARCHICAL_SEPARATOR = re.compile(r" [\\/>»] ")
_EXCESS_BLANK_LINES = re.compile(r"\n{3,}")
_HEADING_GAP = re.compile(r"^(#{1,6})[ \t]{2,}", re.M)  # html2text keeps a heading's leading space.
_ARTICLE_TYPES = frozenset(
    {"article", "newsarticle", "blogposting", "report", "techarticle", "scholarlyarticle"}
)
_PAGE_TYPES = frozenset({"webpage", "profilepage", "faqpage", "qapage"})


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtractedPage:
    """The main content of a page as Markdown, with the metadata the page declares."""

    markdown: str = ""
    """The main content; empty when nothing readable was found."""
    title: str | None = None
    """og:title, Dublin Core or twitter:title, else ``<title>`` without a trailing site name."""
    description: str | None = None
    """The page's own summary (JSON-LD, og:description or meta description)."""
    authors: tuple[str, ...] = ()
    """Author names from JSON-LD, meta tags, microdata and ``rel=author`` links, deduplicated."""
    language: str | None = None
    """A language tag such as ``en`` or ``de-CH``, as the page declares it."""
    published_time: str | None = None
    """When the page says it was published, verbatim (usually ISO 8601)."""
    modified_time: str | None = None
    """When the page says it was last modified, verbatim."""
    site_name: str | None = None
    """The site's name from og:site_name or the JSON-LD publisher."""
    media_type: str | None = None
    """The media type of a text document; None for HTML pages, whose type the caller knows."""


def extract_page(html: str, url: str) -> ExtractedPage:
    """Extract the main content and metadata of an HTML page; never raises on bad input.

    Args:
        html: The decoded page. Broken markup is repaired by the parser; an empty or
            unparseable page gives an empty :class:`ExtractedPage`.
        url: The page's final URL, against which relative links are resolved.

    Returns:
        The page as Markdown with absolute links, and its declared metadata.
    """
    root = _parse(html)
    if root is None:
        return ExtractedPage()
    _remove_hidden_nodes(root)
    page = _read_metadata(root)
    base = _base_url(root, url)
    article = _main_content(root)
    if article is None:
        return page
    _prepare_links(article, base, url)
    return dataclasses.replace(page, markdown=_to_markdown(article))


def extract_text_document(text: str, media_type: str) -> ExtractedPage:
    r"""Return a text document (plain text, JSON, CSV...) as it is, but with ``\n`` line endings.

    The reference hands text formats to the model unchanged; only its ``media_type`` is kept.
    """
    return ExtractedPage(
        markdown=text.replace("\r\n", "\n").replace("\r", "\n"), media_type=media_type
    )


async def extract_page_in_worker(
    html: str, url: str, executor: concurrent.futures.Executor | None = None
) -> ExtractedPage:
    """Run :func:`extract_page` off the event loop: in a thread, or in the executor given.

    Extraction is nearly all pure Python (readability, html2text; only lxml's parser lets go of
    the GIL), so the loop thread waits up to ``sys.getswitchinterval()`` (5 ms) at a time for the
    GIL. Extractions in threads therefore take turns: several at once are no faster, and each
    one more lengthens the loop's waits. On the Wikipedia test page (2 busy cores), the loop
    stalled for at most 10-20 ms with one thread, 15-30 ms with four in turn, but 30-80 ms with
    four free threads; a spawned ``ProcessPoolExecutor`` with a core left free keeps stalls at
    3-15 ms, for the price of extra interpreters (``docs/benchmarks.md``). A cancelled caller
    does not stop the extraction; its result is dropped.
    """
    if executor is None:
        return await asyncio.to_thread(_extract_in_turn, html, url)
    return await asyncio.get_running_loop().run_in_executor(executor, extract_page, html, url)


def _extract_in_turn(html: str, url: str) -> ExtractedPage:
    with _THREAD_TURN:
        return extract_page(html, url)


def _parse(html: str) -> Any | None:
    import lxml.etree  # type: ignore[import-untyped]  # lxml ships no type information
    import lxml.html  # type: ignore[import-untyped]

    html = html.replace("\x00", "")  # libxml2 would turn each NUL into U+FFFD.
    if not html.strip():
        return None
    # Parsing bytes with an explicit encoding sidesteps lxml's refusal of str input that carries
    # an XML encoding declaration, and of lone surrogates.
    parser = lxml.html.HTMLParser(encoding="utf-8", remove_comments=True, remove_pis=True)
    try:
        root = lxml.html.document_fromstring(html.encode("utf-8", "replace"), parser=parser)
    except (lxml.etree.LxmlError, ValueError) as error:
        _log.debug("The page could not be parsed: %s", error)
        return None
    return root


def _remove_hidden_nodes(root: Any) -> None:
    import lxml.etree

    hidden = [
        element
        for element in root.iter(lxml.etree.Element)
        if element.get("hidden") is not None
        or (element.get("aria-hidden") or "").strip().lower() == "true"
        or _HIDING_STYLE.search(element.get("style") or "")
    ]
    for element in hidden:
        if element.getparent() is not None:
            element.drop_tree()
        else:  # A hidden <html> hides the page; the root itself cannot be dropped.
            for attribute in ("hidden", "aria-hidden", "style"):
                element.attrib.pop(attribute, None)
            for child in [child for child in element if child.tag != "head"]:
                element.remove(child)


def _base_url(root: Any, url: str) -> str:
    """Return the address relative links resolve against, and remove ``<base>`` elements."""
    base = url
    for element in root.iterfind(".//base[@href]"):
        # Like a browser, honour the first <base href>, and ignore it when it cannot be read.
        with contextlib.suppress(ValueError):
            base = urljoin(url, element.get("href").strip())
        break
    for element in list(root.iter("base")):
        element.drop_tree()
    return base


def _main_content(root: Any) -> Any | None:
    """Return readability's article as an element, or ``<body>`` when it finds none."""
    import readability

    try:
        article = str(readability.Document(root).summary(html_partial=True))
    except Exception as error:  # readability wraps anything in Unparseable.
        _log.debug("Readability found no article: %s", error)
        return root.find("body")
    document = _parse(article)  # Parsed as a document, whatever readability returned.
    return None if document is None else document.find("body")


def _prepare_links(article: Any, base: str, url: str) -> None:
    """Make the article's links and images absolute, dropping those Markdown should not show.

    Only ``<a href>`` and ``<img src>`` reach the Markdown, so only they are resolved, and only
    in the article: readability judges the page as written, and the page's other links cost no
    time.
    """
    for image in list(article.iter("img")):
        source = _absolute(base, image.get("src"))
        if source is None or not (image.get("alt") or "").strip():
            image.drop_tree()
        else:
            image.set("src", source)
    page = urldefrag(url).url
    for anchor in list(article.iter("a")):
        anchor.attrib.pop("title", None)  # html2text would repeat it after every link.
        target = _absolute(base, anchor.attrib.pop("href", None))
        if not anchor.text_content().strip() and anchor.find(".//img") is None:
            anchor.drop_tree()  # Nothing left to click on, often an image just dropped.
        # A link to this very page (a fragment, or a javascript: link the cleaner emptied) leads
        # nowhere new.
        elif target is not None and urldefrag(target).url != page:
            anchor.set("href", target)


def _to_markdown(article: Any) -> str:
    import html2text
    import lxml.html

    converter = html2text.HTML2Text()
    converter.body_width = 0
    converter.unicode_snob = True  # Keep "é" and "—" instead of ASCII stand-ins.
    # Fences mark code plainly; indented blocks are easy to mistake for list continuations.
    converter.backquote_code_style = True
    converter.default_image_alt = ""
    markdown = converter.handle(lxml.html.tostring(article, encoding="unicode"))
    lines = (
        line.rstrip() for line in markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    )
    markdown = _HEADING_GAP.sub(r"\1 ", "\n".join(lines))
    return _EXCESS_BLANK_LINES.sub("\n\n", markdown).strip()


def _absolute(base: str, address: str | None) -> str | None:
    """Resolve an address; None unless the result is http(s), which the model can read."""
    if address is None:
        return None
    try:
        resolved = urljoin(base, address.strip())
    except ValueError:  # "http://[" and other malformed addresses
        return None
    return resolved if _is_http(resolved) else None


def _is_http(url: str) -> bool:
    try:
        return urlsplit(url).scheme.lower() in {"http", "https"}
    except ValueError:
        return False


# --- Metadata -------------------------------------------------------------------------------


def _read_metadata(root: Any) -> ExtractedPage:
    """Read what the page declares, each field from its sources in order of trust."""
    meta = _meta_values(root)
    json_ld = _json_ld_metadata(root)
    title = _first(
        json_ld.get("title"), *meta("og:title", "dc.title", "dcterms.title", "twitter:title")
    )
    # <html lang> comes first: it is what a browser uses, and og:locale is often a site default.
    language = _first(
        root.get("lang"),
        root.get("xml:lang"),
        *meta("content-language", "dc.language"),
        json_ld.get("language"),
        *meta("og:locale"),
    )
    return ExtractedPage(
        title=title or _clean_document_title(_text(root.find(".//title"))),
        description=_first(
            json_ld.get("description"),
            *meta("og:description", "description", "twitter:description", "dc.description"),
        ),
        authors=_authors(
            *json_ld.get("authors", ()),
            *meta("author", "article:author", "dc.creator", "dcterms.creator", "citation_author"),
            *_itemprop_values(root, "author"),
            *(_text(a) for a in root.iterfind(".//a[@rel]") if "author" in a.get("rel").split()),
        ),
        # Content-Language may list several tags; og:locale writes en_US for en-US.
        language=_first(language.split(",")[0].replace("_", "-")) if language else None,
        published_time=_first(
            json_ld.get("published"),
            *meta("article:published_time", "citation_publication_date", "dc.date.issued"),
            *_itemprop_values(root, "datePublished"),
            _article_time(root),
        ),
        modified_time=_first(
            json_ld.get("modified"),
            *meta("article:modified_time", "og:updated_time"),
            *_itemprop_values(root, "dateModified"),
        ),
        site_name=_first(*meta("og:site_name"), json_ld.get("site_name")),
    )


def _meta_values(root: Any) -> Callable[..., list[str]]:
    """Index the ``<meta>`` tags by lower-cased ``name``, ``property`` or ``http-equiv``.

    Returns:
        A look-up that gives the contents for the given keys, in key order, then page order.
    """
    values: dict[str, list[str]] = {}
    for element in root.iter("meta"):
        content = _normalise(element.get("content"))
        for attribute in ("name", "property", "http-equiv"):
            key = (element.get(attribute) or "").strip().lower()
            if key and content:
                values.setdefault(key, []).append(content)
    return lambda *keys: [value for key in keys for value in values.get(key, ())]


def _authors(*candidates: str | None) -> tuple[str, ...]:
    authors: dict[str, str] = {}
    for candidate in candidates:
        name = _normalise(candidate, MAX_AUTHOR_CHARACTERS)
        # article:author is often a profile URL, which names nobody.
        if name and not _is_http(name):
            authors.setdefault(name.casefold(), name)
    return tuple(authors.values())[:MAX_AUTHORS]


def _itemprop_values(root: Any, name: str) -> Iterator[str]:
    """Yield microdata values: ``content``, ``datetime``, a nested ``name``, else the text."""
    for element in root.iterfind(".//*[@itemprop]"):
        if name in element.get("itemprop").split():
            nested = element.find(".//*[@itemprop='name']")
            values = (element.get("content"), element.get("datetime"), _text(nested))
            yield _first(*values, _text(element)) or ""


def _article_time(root: Any) -> str | None:
    """A ``<time pubdate>``, or the only ``<time datetime>`` of the only ``<article>``."""
    pubdate = root.xpath("//time[@pubdate][@datetime]")
    if pubdate:
        return str(pubdate[0].get("datetime"))
    articles = root.findall(".//article")
    times = articles[0].findall(".//time[@datetime]") if len(articles) == 1 else []
    return str(times[0].get("datetime")) if len(times) == 1 else None


def _clean_document_title(title: str | None) -> str | None:
    """Drop a trailing site name from ``<title>``, the way Firefox's Reader View does.

    "Article | Section | Site" becomes "Article | Section"; a result of four words or fewer is
    too likely to have lost part of the headline, so the title is kept whole.
    """
    if not title:
        return None
    separators = list(_TITLE_SEPARATOR.finditer(title))
    if not separators:
        return title
    candidate = title[: separators[-1].start()]
    if len(candidate.split()) < 3:
        candidate = title[separators[0].end() :]
    words = len(candidate.split())
    hierarchical = _HIERARCHICAL_SEPARATOR.search(title) is not None
    separator_words = len(re.sub(r"[|\-\\/>»]+", "", title).split())
    if words <= 4 and (not hierarchical or words != separator_words - 1):
        return title
    return candidate.strip()


def _json_ld_metadata(root: Any) -> dict[str, Any]:
    """Read the best JSON-LD article (or else web page) object of the page."""
    best: tuple[int, dict[str, Any]] | None = None
    budget = MAX_JSON_LD_CHARACTERS
    scripts = root.xpath("//script[contains(translate(@type, 'LDJSON', 'ldjson'), 'ld+json')]")
    for script in scripts[:MAX_JSON_LD_SCRIPTS]:
        source = script.text or ""
        if len(source) > budget:
            continue
        budget -= len(source)
        try:
            document = json.loads(source)
        except (ValueError, RecursionError):
            continue
        for item in _json_ld_objects(document, 0):
            types = {str(kind).rsplit("/", 1)[-1].lower() for kind in _as_list(item.get("@type"))}
            score = 2 if types & _ARTICLE_TYPES else 1 if types & _PAGE_TYPES else 0
            if score and (best is None or score > best[0]):
                best = (score, item)
    if best is None:
        return {}
    item = best[1]
    return {
        "title": _first(*_strings(item.get("headline")), *_strings(item.get("name"))),
        "description": _first(*_strings(item.get("description"))),
        "authors": list(_json_ld_names(item.get("author"))),
        "published": _first(*_strings(item.get("datePublished"))),
        "modified": _first(*_strings(item.get("dateModified"))),
        "language": _first(*_strings(item.get("inLanguage"))),
        "site_name": _first(*_json_ld_names(item.get("publisher"))),
    }


def _json_ld_objects(value: Any, depth: int) -> Iterator[dict[str, Any]]:
    if depth > _MAX_JSON_LD_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            yield from _json_ld_objects(item, depth + 1)
    elif isinstance(value, dict):
        yield value
        yield from _json_ld_objects(value.get("@graph"), depth + 1)


def _json_ld_names(value: Any) -> Iterator[str]:
    for item in _as_list(value):
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            name = _first(*_strings(item.get("name")))
            full = " ".join(_strings(item.get("givenName")) + _strings(item.get("familyName")))
            if name or full.strip():
                yield name or full


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _strings(value: Any) -> list[str]:
    return [item for item in _as_list(value) if isinstance(item, str)]


def _text(element: Any) -> str | None:
    return None if element is None else _normalise(element.text_content())


def _first(*values: str | None) -> str | None:
    for value in values:
        normalised = _normalise(value)
        if normalised:
            return normalised
    return None


def _normalise(value: str | None, limit: int = MAX_METADATA_CHARACTERS) -> str | None:
    """Collapse whitespace, decode stray entities and cap the length; None if nothing is left."""
    if not value:
        return None
    text = " ".join(html_entities.unescape(value).split())[:limit].rstrip()
    return text or None
