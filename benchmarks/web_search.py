"""web_search wall time: one search whose ten result pages each take 500 ms to answer.

Run from the repository root::

    python -m benchmarks.web_search [--runs 7] [--pages 10] [--delay 0.5]

Everything runs on loopback, as in the tests: a threaded SearXNG-compatible JSON server
(``tests/support/json_server.py``) answers with ``--pages`` results, and a scripted web server
(``tests/support/web_server.py``) serves each result page after ``--delay`` seconds. The tool is
the real ``WebSearchTool`` with the real retrieval service, extraction and guard; only the page
policy is the tests' loopback policy, since the public-only one refuses loopback.

Four pages load at a time, so ten pages of 500 ms should take three waves: about 1.5 s plus the
search, the extraction and the guard. The goal is a median under 1.8 s.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import time

from studio.kernel.context import ChatContext, ProviderContext, SettingsValues, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel
from studio.tools.builtin import BuiltinServices
from studio.tools.builtin.web_search import WebSearchTool
from studio.tools.builtin.web_search.pages import MAX_PARALLEL_RETRIEVALS
from studio.web.guard import PromptInjectionGuard
from studio.web.retrieval import WebRetrievalService
from tests.support.json_server import JsonServer, ScriptedAnswer
from tests.support.resolvers import StaticResolver
from tests.support.web_pages import LOREM, article, loopback_policy
from tests.support.web_server import Reply, ScriptedWebServer

HOST = "site.test"
GOAL_SECONDS = 1.8


def searxng_answer(port: int, pages: int) -> ScriptedAnswer:
    results = [
        {
            "url": f"http://{HOST}:{port}/page{number}",
            "title": f"Result {number}",
            "content": f"Snippet {number}.",
            "score": float(pages - number),
        }
        for number in range(pages)
    ]
    return ScriptedAnswer.json({"query": "benchmark", "results": results})


async def one_search(tool: WebSearchTool, settings: dict[str, str], pages: int) -> float:
    context = ToolExecutionContext(
        definition=tool.definition(),
        tool_call_id="bench",
        settings=SettingsValues(settings),
        provider=ProviderContext(name="bench", confidence=ConfidenceLevel.HIGH),
        chat=ChatContext(),
    )
    started = time.perf_counter()
    result = await tool.execute({"query": "benchmark", "limit": pages}, context)
    elapsed = time.perf_counter() - started
    assert result.json_content["retrieved_page_count"] == pages, result.json_content
    return elapsed


async def measure(runs: int, pages: int, delay: float) -> list[float]:
    web = await ScriptedWebServer().start()
    for number in range(pages):
        body = article(f"Page {number}", [LOREM] * 8)
        web.route(f"/page{number}", Reply.text(body, delay=delay))
    services = BuiltinServices(
        retrieval=WebRetrievalService(resolver=StaticResolver({HOST: ["127.0.0.1"]})),
        guard=PromptInjectionGuard(),
    )
    tool = WebSearchTool(services, page_policy=loopback_policy)
    times: list[float] = []
    try:
        with JsonServer() as searxng:
            searxng.route("/search", searxng_answer(web.port, pages))
            settings = {
                "searxng.baseUrl": searxng.url,
                "defaultLanguage": "en-US",
                "pageTimeoutSeconds": "30",
                "allPagesRetrievalTimeoutSeconds": "60",
            }
            await one_search(tool, settings, pages)  # Warm-up: imports, first extraction.
            for _ in range(runs):
                times.append(await one_search(tool, settings, pages))
    finally:
        await services.retrieval.aclose()
        await web.aclose()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="searches to time (default 7)")
    parser.add_argument("--pages", type=int, default=10, help="result pages (default 10)")
    parser.add_argument("--delay", type=float, default=0.5, help="seconds per page (default 0.5)")
    arguments = parser.parse_args()
    times = asyncio.run(measure(arguments.runs, arguments.pages, arguments.delay))
    waves = -(-arguments.pages // MAX_PARALLEL_RETRIEVALS)
    median = statistics.median(times)
    print(f"Python {platform.python_version()}, {platform.machine()}, {arguments.runs} runs")
    print()
    print("| pages | delay s | waves | floor s | median s | min s | max s |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    print(
        f"| {arguments.pages} | {arguments.delay:g} | {waves} | {waves * arguments.delay:.2f} "
        f"| {median:.3f} | {min(times):.3f} | {max(times):.3f} |"
    )
    print()
    print("runs:", ", ".join(f"{seconds:.3f}" for seconds in times))
    verdict = "met" if median < GOAL_SECONDS else "MISSED"
    print(f"goal: median under {GOAL_SECONDS} s: {verdict}")
    return 0 if median < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
