"""Tool calling harness: Studio's loop against pydantic-ai's agent loop, CPU time per round.

Run from the repository root, with pydantic-ai installed (see ``docs/benchmarks.md``)::

    python -m benchmarks.harness [--repetitions 30] [--warmup 3] [--profile 20]
        [--profile-client studio|pydantic-ai|both]

Both clients answer the same scripted conversation from the fake OpenAI Chat Completions server
of the tests (``tests/support/fake_provider.py``): 15 streamed rounds that each ask for one call
of a trivial local ``echo`` tool, then a streamed round with the final text. Studio runs it
through :class:`~studio.harness.loop.ToolCallingLoop` with its Chat Completions adapter and the
real :class:`~studio.tools.executor.ToolExecutor`; pydantic-ai through ``Agent.run`` with an
``event_stream_handler`` (so every model request streams) and ``OpenAIChatModel`` pointed at
the same server. Both stream every round, parse the streamed arguments, validate them, run an
``async`` tool and send its result back.

The server runs in a separate process, so the time measured is the client's alone:
``time.process_time()`` (user plus system CPU of every thread of this process) around one whole
answer, divided by its 16 rounds. The clients run interleaved, their order alternating, after a
warm-up; each answer starts after a ``gc.collect()``. A third row, the transport floor, sends 16
requests with ``httpx`` and only decodes the event stream, to show what the HTTP client and SSE
decoding cost before any harness work. Machines are noisy, so compare ratios, not milliseconds.

``--profile N`` runs N more answers of Studio (or ``--profile-client`` pydantic-ai, or both)
under a CPU-timed ``cProfile`` and prints where the time goes, by package and by function.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import itertools
import multiprocessing
import platform
import pstats
import statistics
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from multiprocessing.connection import Connection
from typing import Any, Protocol

import httpx
from pydantic import SecretStr

from studio.config.profiles import ProviderType
from studio.config.providers import ProviderSettings
from studio.harness.events import TextDelta, ToolCallFinished
from studio.harness.loop import ToolCallingLoop, ToolCallingLoopContext
from studio.kernel.calls import TraceStatus
from studio.kernel.context import ChatContext, ToolExecutionContext
from studio.kernel.policy import ConfidenceLevel
from studio.kernel.result import ToolExecutionResult
from studio.providers.base import ChatMessage, Conversation
from studio.providers.provider import Provider
from studio.providers.sse import SSEDecoder
from studio.tools import selection
from studio.tools.executor import ToolExecutor
from tests.support.tools import EchoTool, StaticSettings, runnable

CALLS = 15
ROUNDS = CALLS + 1
MODEL = "test-model"
API_KEY = "sk-bench-0000"
SYSTEM = "You are a helpful assistant. Use the echo tool when asked."
PROMPT = "Echo fifteen words, one call at a time, then say that you are done."
FINAL_DELTAS = ("All", " fifteen", " echoes", " are", " done.")
FINAL_TEXT = "".join(FINAL_DELTAS)

# Studio allows 15 calls per answer; the round after the 15th runs without tools and with the
# limit instruction, which is exactly the final text round of the script.
assert selection.MAX_TOOL_CALLS == CALLS


# --- The server, in its own process -----------------------------------------------------------


def serve(connection: Connection, answers: int) -> None:
    """Serve ``answers`` copies of the script, then report what went wrong, if anything."""
    from tests.support import fake_provider as fake

    turns: list[fake.Turn] = [
        fake.chat_turn(
            tool_calls=[
                fake.ToolCall(name="echo", arguments={"text": f"word {i}"}, id=f"call_{i:02d}")
            ]
        )
        for i in range(CALLS)
    ]
    turns.append(fake.chat_turn(FINAL_DELTAS))
    with fake.FakeProviderServer() as server:
        server.enqueue(*(turns * answers))
        connection.send(server.url)
        connection.recv()
        problems = [*server.problems]
        if server.pending_turns:
            problems.append(f"{server.pending_turns} scripted turns were never requested")
        connection.send(problems)


class Server:
    """The fake provider in a spawned process; the client process never runs its code."""

    def __init__(self, answers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, child = context.Pipe()
        self._process = context.Process(target=serve, args=(child, answers), daemon=True)
        self._process.start()
        self.url: str = self._connection.recv()

    def stop(self) -> list[str]:
        """Stop the server; the problems it had."""
        self._connection.send("stop")
        problems: list[str] = self._connection.recv()
        self._process.join(10)
        return problems


# --- The clients --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    text: str
    tool_calls: int
    events: int
    """The events the consumer received."""
    marks: tuple[float, ...]
    """``time.process_time()`` as each tool call started: the boundaries between rounds."""


class MarkedEcho(EchoTool):
    """The tests' echo tool, noting the CPU time when it is called."""

    def __init__(self, marks: list[float]) -> None:
        super().__init__()
        self._marks = marks

    async def respond(
        self, arguments: Mapping[str, Any], context: ToolExecutionContext
    ) -> ToolExecutionResult:
        self._marks.append(time.process_time())
        return await super().respond(arguments, context)


class Client(Protocol):
    name: str

    async def answer(self) -> Answer: ...

    async def aclose(self) -> None: ...


class Studio:
    """Studio's harness: loop, Chat Completions adapter, executor, a real test tool."""

    name = "Studio"

    def __init__(self, url: str) -> None:
        settings = ProviderSettings.from_user(
            name="Bench host",
            type=ProviderType.OPENAI_CHAT,
            base_url=f"{url}/v1",
            model=MODEL,
            confidence=ConfidenceLevel.MEDIUM,
        )
        self._provider = Provider(settings, SecretStr(API_KEY))
        self._marks: list[float] = []
        self._echo = MarkedEcho(self._marks)
        # The registry resolves the runnable tools once per turn, outside the loop; so here.
        self._tools = [runnable(self._echo)]
        self._executor = ToolExecutor(StaticSettings())
        self._loop = ToolCallingLoop()

    async def answer(self) -> Answer:
        conversation = Conversation(
            system_prompt=SYSTEM,
            messages=(ChatMessage(role="user", text=PROMPT),),
            tools=tuple(tool.function for tool in self._tools),
        )
        context = ToolCallingLoopContext(
            adapter=self._provider.new_adapter(conversation),
            runnable_tools=self._tools,
            executor=self._executor,
            provider=self._provider.context(),
            chat=ChatContext(),
        )
        texts: list[str] = []
        calls = events = 0
        self._marks.clear()
        async for event in self._loop.run(context):
            events += 1
            if isinstance(event, TextDelta):
                texts.append(event.text)
            elif isinstance(event, ToolCallFinished) and event.trace.status == TraceStatus.SUCCESS:
                calls += 1
        self._echo.calls.clear()
        return Answer(
            text="".join(texts), tool_calls=calls, events=events, marks=tuple(self._marks)
        )

    async def aclose(self) -> None:
        await self._provider.aclose()


class PydanticAI:
    """pydantic-ai's agent loop with its OpenAI Chat Completions model, streaming every request."""

    name = "pydantic-ai"

    def __init__(self, url: str) -> None:
        from pydantic_ai import Agent
        from pydantic_ai.models.openai import OpenAIChatModel
        from pydantic_ai.providers.openai import OpenAIProvider

        self._provider = OpenAIProvider(base_url=f"{url}/v1", api_key=API_KEY)
        model = OpenAIChatModel(MODEL, provider=self._provider)
        self._agent = Agent(model, instructions=SYSTEM)
        self._marks: list[float] = []

        # async, as Studio's tools are: a plain function would run in a worker thread.
        async def echo(text: str) -> str:
            """Return the text."""
            self._marks.append(time.process_time())
            return text

        self._agent.tool_plain(echo)

    async def answer(self) -> Answer:
        events = 0

        async def handler(context: Any, stream: Any) -> None:
            nonlocal events
            async for _ in stream:
                events += 1

        self._marks.clear()
        result = await self._agent.run(PROMPT, event_stream_handler=handler)
        return Answer(
            text=str(result.output),
            tool_calls=len(self._marks),
            events=events,
            marks=tuple(self._marks),
        )

    async def aclose(self) -> None:
        await self._provider.client.close()


class Transport:
    """The floor: the same 16 streamed answers over ``httpx``, decoded as SSE and dropped."""

    name = "transport floor (httpx + SSE)"

    def __init__(self, url: str) -> None:
        self._client = httpx.AsyncClient(base_url=f"{url}/v1", timeout=30.0)
        self._body = {
            "model": MODEL,
            "messages": [{"role": "user", "content": PROMPT}],
            "stream": True,
            "stream_options": {"include_usage": True},
        }

    async def answer(self) -> Answer:
        events = 0
        marks: list[float] = []
        for _ in range(ROUNDS):
            async with self._client.stream("POST", "chat/completions", json=self._body) as response:
                decoder = SSEDecoder()
                async for text in response.aiter_text():
                    events += len(decoder.feed(text))
            marks.append(time.process_time())
        return Answer(text=FINAL_TEXT, tool_calls=CALLS, events=events, marks=tuple(marks[:-1]))

    async def aclose(self) -> None:
        await self._client.aclose()


# --- Measuring ----------------------------------------------------------------------------------


@dataclass
class Samples:
    cpu: list[float]
    """CPU seconds of each timed answer."""
    wall: list[float]
    """Wall seconds of each timed answer."""
    rounds: list[list[float]]
    """CPU seconds of each round of each timed answer, split where a tool call starts."""
    events: int = 0
    """The events one answer yielded to its consumer."""


async def timed(client: Client, samples: Samples | None = None) -> None:
    """One answer, added to ``samples`` if given; fails unless the whole script ran."""
    gc.collect()
    cpu, wall = time.process_time(), time.perf_counter()
    answer = await client.answer()
    end_cpu, end_wall = time.process_time(), time.perf_counter()
    if answer.text != FINAL_TEXT or answer.tool_calls != CALLS or len(answer.marks) != CALLS:
        raise AssertionError(f"{client.name} answered {answer!r}")
    if samples is not None:
        samples.cpu.append(end_cpu - cpu)
        samples.wall.append(end_wall - wall)
        bounds = [cpu, *answer.marks, end_cpu]
        samples.rounds.append([after - before for before, after in itertools.pairwise(bounds)])
        samples.events = answer.events


async def measure(clients: Sequence[Client], repetitions: int, warmup: int) -> dict[str, Samples]:
    for _ in range(warmup):
        for client in clients:
            await timed(client)
    samples = {client.name: Samples([], [], []) for client in clients}
    for repetition in range(repetitions):
        # Alternate the order, so neither client always runs right after the other.
        order = clients if repetition % 2 == 0 else list(reversed(clients))
        for client in order:
            await timed(client, samples[client.name])
    return samples


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    low, middle, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, middle, high


SHOWN_ROUNDS = (1, 2, 8, 15, 16)


def report(samples: dict[str, Samples], ours: str, theirs: str) -> None:
    print(f"## CPU time of the client process per round ({ROUNDS} rounds per answer)\n")
    print("| client | CPU ms/round median | IQR | min-max | wall ms/round median | events |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, sample in samples.items():
        cpu = [seconds * 1000 / ROUNDS for seconds in sample.cpu]
        wall = [seconds * 1000 / ROUNDS for seconds in sample.wall]
        low, middle, high = quartiles(cpu)
        print(
            f"| {name} | {middle:.3f} | {low:.3f}-{high:.3f} | {min(cpu):.3f}-{max(cpu):.3f} | "
            f"{statistics.median(wall):.3f} | {sample.events} |"
        )
    paired = [a / b for a, b in zip(samples[ours].cpu, samples[theirs].cpu, strict=True) if b > 0]
    low, middle, high = quartiles(paired)
    ratio = statistics.median(samples[ours].cpu) / statistics.median(samples[theirs].cpu)
    print(
        f"\n{ours} / {theirs}, CPU per round: **{ratio:.2f}** (ratio of medians); "
        f"paired per repetition: median {middle:.2f}, IQR {low:.2f}-{high:.2f}, "
        f"min-max {min(paired):.2f}-{max(paired):.2f}"
    )

    print(
        "\n## CPU ms of single rounds, median (a round ends where the next tool call starts; "
        "round 1 includes starting the run, round 16 is the final text)\n"
    )
    print("| client | " + " | ".join(f"round {number}" for number in SHOWN_ROUNDS) + " |")
    print("|---|" + "---:|" * len(SHOWN_ROUNDS))
    medians: dict[str, list[float]] = {}
    for name, sample in samples.items():
        medians[name] = [
            statistics.median(rounds[number - 1] for rounds in sample.rounds) * 1000
            for number in SHOWN_ROUNDS
        ]
        print(f"| {name} | " + " | ".join(f"{value:.3f}" for value in medians[name]) + " |")
    ratios = [a / b for a, b in zip(medians[ours], medians[theirs], strict=True)]
    print(f"| {ours} / {theirs} | " + " | ".join(f"{value:.2f}" for value in ratios) + " |")


# --- Profiling ----------------------------------------------------------------------------------

_GROUPS = (
    ("studio/harness/", "studio.harness"),
    ("studio/providers/", "studio.providers"),
    ("studio/tools/", "studio.tools"),
    ("studio/", "studio (other)"),
    ("tests/support/", "tests.support (the echo tool)"),
    ("/pydantic_ai/", "pydantic_ai"),
    ("/pydantic_graph/", "pydantic_graph"),
    ("/openai/", "openai"),
    ("/httpx/", "httpx"),
    ("/httpx2/", "httpx2"),
    ("/httpcore/", "httpcore"),
    ("/httpcore2/", "httpcore2"),
    ("/h11/", "h11"),
    ("/anyio/", "anyio"),
    ("/asyncio/", "asyncio"),
    ("/json/", "json"),
    ("/pydantic", "pydantic"),
)


def group_of(filename: str) -> str:
    for marker, name in _GROUPS:
        if marker in filename:
            return name
    if filename.startswith("~") or filename.startswith("<"):
        return "built-ins (C functions)"
    return "other Python"


async def profile(client: Client, answers: int, focus: str) -> None:
    """Profile ``answers`` answers; ``focus`` picks the files of the cumulative listing."""
    # Timed by CPU, not wall time: waiting for the server in epoll costs this process nothing.
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for _ in range(answers):
        await client.answer()
    profiler.disable()
    stats = pstats.Stats(profiler)
    raw: dict[tuple[str, int, str], tuple[Any, ...]] = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in raw.values())
    by_group: dict[str, float] = {}
    for (filename, _line, _function), entry in raw.items():
        group = group_of(filename)
        by_group[group] = by_group.get(group, 0.0) + entry[2]
    print(f"\n## Profile of {client.name}: {answers} answers, own time by package\n")
    print("| package | own ms per round | share |")
    print("|---|---:|---:|")
    for group, seconds in sorted(by_group.items(), key=lambda item: -item[1]):
        per_round = seconds * 1000 / (answers * ROUNDS)
        print(f"| {group} | {per_round:.3f} | {seconds / total:.1%} |")
    print("\nTop functions by own time (cProfile inflates call-heavy code):\n")
    print("```")
    stats.sort_stats("tottime").print_stats(25)
    print("```")
    print(f"\nTop functions of {client.name} by cumulative time:\n")
    print("```")
    stats.sort_stats("cumulative").print_stats(focus, 25)
    print("```")


# --- Main ---------------------------------------------------------------------------------------


def versions() -> str:
    names = ("httpx", "pydantic", "pydantic-ai-slim", "openai", "httpx2")
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue
    return ", ".join([f"Python {platform.python_version()}", *found])


async def run(
    url: str, repetitions: int, warmup: int, profile_answers: int, profiled: Sequence[str]
) -> None:
    factories: list[Callable[[str], Client]] = [Studio, PydanticAI, Transport]
    clients = [factory(url) for factory in factories]
    try:
        samples = await measure(clients, repetitions, warmup)
        report(samples, Studio.name, PydanticAI.name)
        if profile_answers and "studio" in profiled:
            await profile(clients[0], profile_answers, r"studio/")
        if profile_answers and "pydantic-ai" in profiled:
            await profile(clients[1], profile_answers, r"pydantic_ai/|openai/")
    finally:
        closing: list[Awaitable[None]] = [client.aclose() for client in clients]
        await asyncio.gather(*closing)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=30, help="timed answers per client")
    parser.add_argument("--warmup", type=int, default=3, help="untimed answers per client first")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="profile N more answers afterwards"
    )
    parser.add_argument(
        "--profile-client",
        choices=("studio", "pydantic-ai", "both"),
        default="studio",
        help="whose answers --profile profiles (default: studio)",
    )
    arguments = parser.parse_args()
    profiled: tuple[str, ...] = (arguments.profile_client,)
    if arguments.profile_client == "both":
        profiled = ("studio", "pydantic-ai")
    # Each client takes the script once per answer, the transport floor too.
    answers = (arguments.warmup + arguments.repetitions) * 3 + arguments.profile * len(profiled)
    print(f"{versions()}; {arguments.repetitions} timed answers per client\n")
    server = Server(answers)
    try:
        asyncio.run(
            run(server.url, arguments.repetitions, arguments.warmup, arguments.profile, profiled)
        )
    finally:
        problems = server.stop()
    if problems:
        raise SystemExit("The fake provider had problems:\n" + "\n".join(problems))


if __name__ == "__main__":
    main()
