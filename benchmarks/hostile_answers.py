"""Hostile provider answers: peak memory and wall time of the largest ones, per wire API.

Run from the repository root::

    python -m benchmarks.hostile_answers [--cases gzip-bomb long-line gzipped]

Each case of ``tests/support/hostile_provider.py`` named on the command line runs once per wire
API, in a fresh process of its own (so that one case's peak does not hide the next one's): the
process starts the hostile server on loopback, runs one answer through a real
:class:`~studio.providers.provider.Provider` and the real
:class:`~studio.harness.loop.ToolCallingLoop`, and reports the peak resident set size of the
whole process (``ru_maxrss``, server thread included) before and after the answer, the peak of
Python's own allocations during the answer (``tracemalloc``), the wall time, and how the answer
ended. ``gzip-bomb`` is the largest case: 300 MB of one line, sent as about 300 KB of gzip.
Linux only (``ru_maxrss`` in KiB).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import resource
import time
import tracemalloc
from dataclasses import dataclass

from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.context import ChatContext
from studio.kernel.policy import ConfidenceLevel
from studio.providers.base import ChatMessage, Conversation
from studio.providers.errors import ProviderError
from studio.providers.provider import Provider
from studio.tools.executor import ToolExecutor
from tests.support.hostile_provider import APIS, CASES, HostileCase, HostileProviderServer
from tests.support.tools import StaticSettings

_TYPES = {
    "chat_completions": ProviderType.OPENAI_CHAT,
    "responses": ProviderType.OPENAI_RESPONSES,
    "anthropic": ProviderType.ANTHROPIC,
}


@dataclass(frozen=True)
class Measurement:
    case: str
    api: str
    rss_before_mib: float
    rss_peak_mib: float
    python_peak_mib: float
    seconds: float
    ended: str


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _answer(server: HostileProviderServer, case: HostileCase) -> str:
    settings = ProviderSettings.from_user(
        name="Hostile host",
        type=_TYPES[case.api],
        base_url=f"{server.url}/v1",
        model="test-model",
        confidence=ConfidenceLevel.MEDIUM,
    )
    conversation = Conversation(
        system_prompt="", messages=(ChatMessage(role="user", text="Please help."),)
    )
    async with Provider(settings, SecretStr("sk-bench")) as provider:
        context = ToolCallingLoopContext(
            adapter=provider.new_adapter(conversation),
            runnable_tools=(),
            executor=ToolExecutor(StaticSettings()),
            provider=provider.context(),
            chat=ChatContext(),
        )
        try:
            async for _ in ToolCallingLoop().run(context):
                pass
        except ProviderError as error:
            return f"error: {error}"
    return "answered"


def _measure(name: str, api: str) -> Measurement:
    (case,) = (case for case in CASES if case.name == name and case.api == api)
    with HostileProviderServer() as server:
        server.enqueue(*case.turns)
        before = _rss_mib()
        tracemalloc.start()
        started = time.perf_counter()
        ended = asyncio.run(_answer(server, case))
        seconds = time.perf_counter() - started
        _, python_peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return Measurement(
        case=name,
        api=api,
        rss_before_mib=before,
        rss_peak_mib=_rss_mib(),
        python_peak_mib=python_peak / 2**20,
        seconds=seconds,
        ended=ended,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="+", default=["gzip-bomb", "long-line", "gzipped"])
    arguments = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    rows = []
    for name in arguments.cases:
        for api in APIS:
            with context.Pool(1) as pool:
                rows.append(pool.apply(_measure, (name, api)))
    print("| case | API | RSS before (MiB) | peak RSS (MiB) | Python peak (MiB) | s | ended |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in rows:
        print(
            f"| {row.case} | {row.api} | {row.rss_before_mib:.1f} | {row.rss_peak_mib:.1f} "
            f"| {row.python_peak_mib:.1f} | {row.seconds:.2f} | {row.ended} |"
        )


if __name__ == "__main__":
    main()
