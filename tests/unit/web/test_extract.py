from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import re
import subprocess
import sys
import threading
from typing import Any

import pytest

from studio.web import extract
from studio.web.extract import ExtractedPage, extract_page, extract_text_document
from tests.support import text_metrics
from tests.support.data import READABILITY_PAGES

CORPUS = READABILITY_PAGES
PAGES = ["001", "hidden-nodes", "ietf-1", "mozilla-1", "replace-brs", "rtl-1", "wikipedia"]
# Readability's test pages were extracted as if served from this address.
PAGE_URL = "http://fakehost/test/page.html"
MIN_F1 = 0.85
# The pages whose expected excerpt is their <meta name="description">; Readability takes the
# others from the first paragraph, which is not metadata the page declares.
DESCRIBED_PAGES = {"001"}
# Markdown link and image targets; a title after the address would follow a space.
LINK_TARGET = re.compile(r"\]\(((?:\\.|[^()\s\\])+)")

URL = "https://example.org/articles/page.html"


@functools.cache
def _corpus_page(name: str) -> tuple[ExtractedPage, str, dict[str, Any]]:
    folder = CORPUS / name
    page = extract_page((folder / "source.html").read_text(encoding="utf-8"), PAGE_URL)
    expected_html = (folder / "expected.html").read_text(encoding="utf-8")
    metadata = json.loads((folder / "expected-metadata.json").read_text(encoding="utf-8"))
    return page, expected_html, metadata


@pytest.fixture
def corpus_page(request):
    return _corpus_page(request.param)


def _page(body: str, head: str = "", html_attributes: str = "") -> str:
    return f"<!DOCTYPE html><html {html_attributes}><head>{head}</head><body>{body}</body></html>"


def _article(*paragraphs: str) -> str:
    # Readability wants a few sentences before it believes in an article.
    filler = "This sentence is long enough to look like part of a real article. " * 4
    return "<article>" + "".join(f"<p>{text} {filler}</p>" for text in paragraphs) + "</article>"


def test_importing_page_reading_leaves_the_html_libraries_for_the_first_extraction():
    # lxml, readability and html2text would add to every start of the app.
    code = (
        "import sys\n"
        "import studio.web.page\n"
        "print(sorted({'lxml', 'readability', 'html2text'} & sys.modules.keys()))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )

    assert result.stdout.strip() == "[]"


# --- The corpus ---------------------------------------------------------------------------


@pytest.mark.parametrize("corpus_page", PAGES, indirect=True)
def test_extract_page_keeps_the_article_text(corpus_page, request):
    page, expected_html, _ = corpus_page

    f1 = text_metrics.markdown_f1(page.markdown, expected_html)

    print(f"{request.node.callspec.id}: token-F1 {f1:.3f}")
    assert f1 >= MIN_F1, f"token-F1 {f1:.3f} is below {MIN_F1}"


@pytest.mark.parametrize("corpus_page", PAGES, indirect=True)
def test_extract_page_reads_the_declared_metadata(corpus_page, request):
    page, _, expected = corpus_page

    assert page.title == expected["title"]
    if expected["byline"]:
        assert expected["byline"] in page.authors
    else:
        assert page.authors == ()
    assert page.language == expected.get("lang")
    if request.node.callspec.id in DESCRIBED_PAGES:
        assert page.description == expected["excerpt"]
    else:
        assert page.description is None
    if expected["publishedTime"]:
        assert page.published_time == expected["publishedTime"]
    assert page.site_name == expected["siteName"]


@pytest.mark.parametrize("corpus_page", PAGES, indirect=True)
def test_extract_page_makes_every_link_absolute(corpus_page):
    page, _, _ = corpus_page

    targets = LINK_TARGET.findall(page.markdown)

    assert all(target.startswith(("http://", "https://")) for target in targets), targets


@pytest.mark.parametrize("corpus_page", ["001"], indirect=True)
def test_extract_page_resolves_relative_links_against_the_page(corpus_page):
    page, _, _ = corpus_page

    assert (
        "[testing your frontend JavaScript code](http://fakehost/code/2013/"
        "testing-frontend-javascript-code-using-mocha-chai-and-sinon/)" in page.markdown
    )


@pytest.mark.parametrize("corpus_page", ["001"], indirect=True)
def test_extract_page_reads_the_microdata_author_and_date(corpus_page):
    page, _, _ = corpus_page

    assert page.authors == ("Nicolas Perriault",)
    assert page.published_time == "2013-09-29"


@pytest.mark.parametrize("corpus_page", ["hidden-nodes"], indirect=True)
def test_extract_page_drops_the_hidden_paragraphs_of_the_corpus(corpus_page):
    page, _, _ = corpus_page

    # The visible paragraph says it three times; each hidden copy would add three more.
    assert page.markdown.count("Stet clita kasd gubergren") == 3
    assert "## Secondary header" in page.markdown
    assert "## Third header" in page.markdown


@pytest.mark.parametrize("corpus_page", ["replace-brs"], indirect=True)
def test_extract_page_turns_double_line_breaks_into_paragraphs(corpus_page):
    page, _, _ = corpus_page

    assert "Lorem ipsum\ndolor sit\n\namet, consectetur" in page.markdown
    assert "## Foo\n\nTempor\n\nincididunt ut labore" in page.markdown


@pytest.mark.parametrize("corpus_page", ["rtl-1"], indirect=True)
def test_extract_page_keeps_a_right_to_left_page(corpus_page):
    page, _, _ = corpus_page

    assert page.markdown.startswith("# Lorem\n\nLorem ipsum dolor sit amet.\n\n")
    assert page.markdown.count("\n\n") == 3


def test_extract_page_keeps_right_to_left_script_in_order():
    hebrew = "שלום עולם, זהו מאמר בעברית שנכתב מימין לשמאל."

    page = extract_page(_page(_article(hebrew), html_attributes='dir="rtl" lang="he"'), URL)

    assert hebrew in page.markdown
    assert page.language == "he"


# --- Hidden nodes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hidden",
    [
        pytest.param('<p hidden="">SECRET</p>', id="hidden-attribute"),
        pytest.param('<p aria-hidden="true">SECRET</p>', id="aria-hidden"),
        pytest.param('<p style="color: red; display : none">SECRET</p>', id="display-none"),
        pytest.param('<p style="visibility:hidden !important">SECRET</p>', id="visibility"),
        pytest.param("<div hidden><p>A <b>SECRET</b> inside</p></div>", id="hidden-ancestor"),
    ],
)
def test_extract_page_drops_hidden_nodes(hidden):
    html = _page(_article("Visible start.", "Visible end.").replace("</p>", "</p>" + hidden, 1))

    page = extract_page(html, URL)

    assert "SECRET" not in page.markdown
    assert "Visible start." in page.markdown
    assert "Visible end." in page.markdown


def test_extract_page_keeps_nodes_that_are_only_styled():
    html = _page(_article('<span aria-hidden="false" style="display: block">Shown</span>'))

    assert "Shown" in extract_page(html, URL).markdown


def test_extract_page_returns_nothing_for_a_hidden_document():
    page = extract_page(
        "<html hidden><head><title>T</title></head><body><p>x</p></body></html>", URL
    )

    assert page.markdown == ""


# --- Links and images --------------------------------------------------------------------


def test_extract_page_honours_base_href():
    html = _page(
        _article('<a href="guide.html">the guide</a>', '<img alt="A chart" src="img/chart.png">'),
        head='<base href="https://cdn.example.net/docs/">',
    )

    markdown = extract_page(html, URL).markdown

    assert "[the guide](https://cdn.example.net/docs/guide.html)" in markdown
    assert "![A chart](https://cdn.example.net/docs/img/chart.png)" in markdown


def test_extract_page_resolves_a_relative_base_href_against_the_page():
    html = _page(_article('<a href="intro">the intro</a>'), head='<base href="/v2/">')

    assert "[the intro](https://example.org/v2/intro)" in extract_page(html, URL).markdown


def test_extract_page_ignores_an_unreadable_base_href():
    html = _page(_article('<a href="next.html">next</a>'), head='<base href="http://[broken">')

    assert "[next](https://example.org/articles/next.html)" in extract_page(html, URL).markdown


def test_extract_page_keeps_only_the_text_of_links_it_cannot_follow():
    html = _page(
        _article(
            '<a href="#notes">see the notes</a>',
            '<a href="javascript:void(0)">click here</a>',
            '<a href="mailto:someone@example.org">write to us</a>',
            '<a href="other.html#part" title="Other page">another page</a>',
        )
    )

    markdown = extract_page(html, URL).markdown

    assert "see the notes" in markdown
    assert "click here" in markdown
    assert "write to us" in markdown
    assert "[another page](https://example.org/articles/other.html#part)" in markdown
    assert LINK_TARGET.findall(markdown) == ["https://example.org/articles/other.html#part"]


def test_extract_page_keeps_only_images_with_alternative_text():
    html = _page(
        _article(
            '<img alt="Team photo" src="/team.jpg">',
            '<img src="/decoration.png"><img alt=" " src="/spacer.gif">',
            '<img alt="Inline" src="data:image/png;base64,iVBORw0KGgo=">',
            '<a href="/home"><img src="/logo.png"></a>',
        )
    )

    markdown = extract_page(html, URL).markdown

    assert "![Team photo](https://example.org/team.jpg)" in markdown
    assert LINK_TARGET.findall(markdown) == ["https://example.org/team.jpg"]


# --- Metadata ----------------------------------------------------------------------------


def test_extract_page_reads_json_ld():
    article = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Not the article"},
            {
                "@type": ["NewsArticle"],
                "headline": "  The   headline ",
                "description": "What it says.",
                "author": [{"@type": "Person", "name": "Ada Lovelace"}, "Charles Babbage"],
                "datePublished": "2024-05-01T08:00:00Z",
                "dateModified": "2024-05-02T09:30:00Z",
                "inLanguage": "en-GB",
                "publisher": {"@type": "Organization", "name": "The Example Times"},
            },
        ],
    }
    head = f'<script type="application/ld+json">{json.dumps(article)}</script>'

    page = extract_page(_page(_article("Text."), head=head), URL)

    assert page.title == "The headline"
    assert page.description == "What it says."
    assert page.authors == ("Ada Lovelace", "Charles Babbage")
    assert page.published_time == "2024-05-01T08:00:00Z"
    assert page.modified_time == "2024-05-02T09:30:00Z"
    assert page.language == "en-GB"
    assert page.site_name == "The Example Times"


def test_extract_page_reads_meta_tags():
    head = """
        <title>Ignored because og:title exists</title>
        <meta property="og:title" content="Open Graph title">
        <meta name="description" content="Meta description &amp;amp; more">
        <meta name="author" content="Grace Hopper">
        <meta property="article:author" content="https://social.example/grace">
        <meta property="article:author" content="grace hopper">
        <meta property="article:published_time" content="2023-01-02">
        <meta property="article:modified_time" content="2023-02-03">
        <meta property="og:locale" content="de_CH">
        <meta property="og:site_name" content="Example">
    """

    page = extract_page(_page(_article("Text."), head=head), URL)

    assert page.title == "Open Graph title"
    assert page.description == "Meta description & more"
    assert page.authors == ("Grace Hopper",)
    assert page.published_time == "2023-01-02"
    assert page.modified_time == "2023-02-03"
    assert page.language == "de-CH"
    assert page.site_name == "Example"


def test_extract_page_prefers_html_lang_over_other_language_declarations():
    head = (
        '<meta http-equiv="content-language" content="fr, en">'
        '<meta property="og:locale" content="en_US">'
    )

    assert (
        extract_page(_page("<p>x</p>", head=head, html_attributes='lang="nl"'), URL).language
        == "nl"
    )
    assert extract_page(_page("<p>x</p>", head=head), URL).language == "fr"


def test_extract_page_reads_rel_author_and_the_time_of_the_article():
    body = _article("Text.").replace(
        "<article>",
        '<article><p>By <a rel="author" href="/people/kim">Kim Lee</a>, '
        '<time datetime="2022-12-24T10:00">Christmas Eve</time></p>',
    )

    page = extract_page(_page(body), URL)

    assert page.authors == ("Kim Lee",)
    assert page.published_time == "2022-12-24T10:00"


def test_extract_page_ignores_times_when_the_article_has_several():
    body = _article("Text.").replace(
        "<article>",
        '<article><time datetime="2020-01-01">a</time><time datetime="2021-01-01">b</time>',
    )

    assert extract_page(_page(body), URL).published_time is None


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        pytest.param(
            "How we built a faster parser | Engineering | Example",
            "How we built a faster parser | Engineering",
            id="site-dropped",
        ),
        pytest.param(
            "Short headline - Example News", "Short headline - Example News", id="short-kept"
        ),
        pytest.param("Mozilla - Wikipedia", "Mozilla - Wikipedia", id="two-words-kept"),
        pytest.param("  A title\n  on two lines ", "A title on two lines", id="whitespace"),
    ],
)
def test_extract_page_cleans_the_document_title(title, expected):
    assert extract_page(_page("<p>x</p>", head=f"<title>{title}</title>"), URL).title == expected


def test_extract_page_survives_bad_json_ld():
    head = (
        '<script type="application/ld+json">{"@type": "Article", "headline": </script>'
        '<script type="application/ld+json">' + "[" * 100_000 + "</script>"
        '<script type="application/ld+json">{"@type": "Article", "headline": "Good"}</script>'
    )

    assert extract_page(_page(_article("Text."), head=head), URL).title == "Good"


# --- Robustness --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "html",
    [
        pytest.param("", id="empty"),
        pytest.param(" \n\t ", id="whitespace"),
        pytest.param("<!DOCTYPE html>", id="doctype-only"),
        pytest.param("<!-- a comment -->", id="comment-only"),
        pytest.param("<html><head><title></title></head><body></body></html>", id="empty-body"),
        pytest.param("<frameset><frame src='a.html'></frameset>", id="frameset"),
        pytest.param("\x00\x00\x00", id="nul-only"),
    ],
)
def test_extract_page_returns_empty_markdown_for_empty_documents(html):
    page = extract_page(html, URL)

    assert page.markdown == ""
    assert page.authors == ()


@pytest.mark.parametrize(
    "html",
    [
        pytest.param("<div><p>Unclosed <b>bold <i>italic</div></table></p>" * 5, id="unclosed"),
        pytest.param("<" * 10_000 + ">" * 10_000, id="angle-brackets"),
        pytest.param("<p>lone \ud800 surrogate</p>", id="surrogate"),
        pytest.param(
            '<?xml version="1.0" encoding="iso-8859-1"?><p>declared</p>', id="xml-declaration"
        ),
        pytest.param("<div>" * 5_000 + "deep" + "</div>" * 5_000, id="deep-nesting"),
        pytest.param(
            '<a href="http://[::1">x</a><img alt="y" src="http://[z">', id="bad-addresses"
        ),
        pytest.param("".join(chr(c) for c in range(1, 0x800)), id="control-characters"),
    ],
)
def test_extract_page_never_raises_on_broken_html(html):
    assert isinstance(extract_page(html, URL), ExtractedPage)


def test_extract_page_repairs_broken_markup():
    html = "<html><body><article><h1>Title<p>" + "First paragraph of the broken page. " * 5
    html += "<p>Second <b>paragraph <i>with unclosed tags. " * 5 + "</div></table>"

    markdown = extract_page(html, URL).markdown

    assert "First paragraph of the broken page." in markdown
    assert "with unclosed tags." in markdown


def test_extract_page_removes_nul_characters():
    assert extract_page(_page(_article("A\x00B")), URL).markdown.count("AB") == 1


def test_extract_page_handles_a_page_of_five_mebibytes():
    paragraph = "<p>" + "A sentence of an enormous page. " * 40 + '<a href="/next">next</a></p>\n'
    html = _page("<article>" + paragraph * (5 * 1024 * 1024 // len(paragraph)) + "</article>")

    markdown = extract_page(html, URL).markdown

    assert len(markdown) > 4 * 1024 * 1024
    assert markdown.count("(https://example.org/next)") > 1000


def test_extract_page_does_not_wrap_lines():
    sentence = "word " * 200

    assert sentence.strip() in extract_page(_page(_article(sentence)), URL).markdown


# --- Text documents and the worker --------------------------------------------------------


def test_extract_text_document_unifies_line_endings_only():
    page = extract_text_document('{"a": 1,\r\n "b": "<p>x</p>"}\r\r\n  \n', "application/json")

    assert page == ExtractedPage(
        markdown='{"a": 1,\n "b": "<p>x</p>"}\n\n  \n', media_type="application/json"
    )


async def test_extract_page_in_worker_runs_in_another_thread(monkeypatch):
    threads: list[int] = []
    real_extract_page = extract.extract_page

    def recording_extract_page(html: str, url: str) -> ExtractedPage:
        threads.append(threading.get_ident())
        return real_extract_page(html, url)

    monkeypatch.setattr(extract, "extract_page", recording_extract_page)

    page = await extract.extract_page_in_worker(_page(_article("In a worker.")), URL)

    assert "In a worker." in page.markdown
    assert len(threads) == 1
    assert threads[0] != threading.get_ident()


async def test_extract_page_in_worker_runs_one_extraction_at_a_time(monkeypatch):
    held: list[bool] = []

    def recording_extract_page(html: str, url: str) -> ExtractedPage:
        held.append(extract._THREAD_TURN.locked())
        return ExtractedPage(markdown=html)

    monkeypatch.setattr(extract, "extract_page", recording_extract_page)

    pages = await asyncio.gather(*(extract.extract_page_in_worker(str(n), URL) for n in range(4)))

    assert [page.markdown for page in pages] == ["0", "1", "2", "3"]
    assert held == [True] * 4
    assert not extract._THREAD_TURN.locked()


async def test_extract_page_in_worker_uses_the_given_executor():
    html = _page(_article("In an executor."))
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="extract") as executor:
        page = await extract.extract_page_in_worker(html, URL, executor)

    assert page == extract_page(html, URL)
