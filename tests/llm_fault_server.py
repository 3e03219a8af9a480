"""A fault-injecting OpenAI-compatible server on 127.0.0.1 for the LLM fault tests.

A test double is the only way to make a server fail on cue. Each request is matched to a script by the tag
``item=<tag>`` in its messages; the tag's behaviours are used up in order (the last one repeats). Behaviours:

* ``ok(text)``: a normal answer; ``length(text)``: an answer cut by the token limit;
* ``empty()``: a response with no choices; ``status(code)``: an HTTP error;
* ``sleep(seconds, then)``: answer ``then`` after a delay (longer than the client's timeout: a timeout).

``die_after=N`` shuts the listener down after N requests: from then on connections are refused.
Usage is reported as ``prompt_tokens = characters of the messages // 10`` and ``completion_tokens = characters of
the answer // 4`` (+1 each), so a test can check that the ledger carries exactly what the server reported.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TAG = re.compile(r"item=([\w-]+)")


@dataclass(frozen=True)
class Behaviour:
    kind: str
    text: str = ""
    code: int = 200
    seconds: float = 0.0
    then: Behaviour | None = None


def ok(text: str) -> Behaviour:
    return Behaviour("ok", text=text)


def length(text: str) -> Behaviour:
    return Behaviour("length", text=text)


def empty() -> Behaviour:
    return Behaviour("empty")


def status(code: int) -> Behaviour:
    return Behaviour("status", code=code)


def sleep(seconds: float, then: Behaviour) -> Behaviour:
    return Behaviour("sleep", seconds=seconds, then=then)


def usage_for(messages: list[dict], text: str) -> tuple[int, int]:
    return len(json.dumps(messages)) // 10 + 1, len(text) // 4 + 1


@dataclass
class Hit:
    tag: str
    messages: list[dict]
    body: dict
    authorization: str


@dataclass
class FaultServer:
    scripts: dict[str, list[Behaviour]]
    die_after: int | None = None
    hits: list[Hit] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._used: dict[str, int] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep pytest output clean
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                behaviour = server._next(body, self.headers.get("Authorization", ""))
                server._answer(self, body, behaviour)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def calls(self, tag: str) -> list[Hit]:
        return [hit for hit in self.hits if hit.tag == tag]

    def _next(self, body: dict, authorization: str) -> Behaviour:
        found = TAG.search(json.dumps(body["messages"]))
        tag = found.group(1) if found else ""
        with self._lock:
            self.hits.append(Hit(tag, body["messages"], body, authorization))
            script = self.scripts[tag]
            n = self._used.get(tag, 0)
            self._used[tag] = n + 1
            if self.die_after is not None and len(self.hits) == self.die_after:
                # Closed before this answer goes out, so the very next connection is refused, not queued.
                self.stop()
        return script[min(n, len(script) - 1)]

    def _answer(self, handler: BaseHTTPRequestHandler, body: dict, behaviour: Behaviour) -> None:
        if behaviour.kind == "sleep":
            time.sleep(behaviour.seconds)
            behaviour = behaviour.then
        if behaviour.kind == "status":
            payload = {"error": {"message": f"injected {behaviour.code}", "type": "injected", "code": behaviour.code}}
            return self._send(handler, behaviour.code, payload)
        prompt_tokens, completion_tokens = usage_for(body["messages"], behaviour.text)
        choices = []
        if behaviour.kind in ("ok", "length"):
            choices = [{
                "index": 0,
                "message": {"role": "assistant", "content": behaviour.text},
                "finish_reason": "stop" if behaviour.kind == "ok" else "length",
            }]
        payload = {
            "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": choices,
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
        }
        self._send(handler, 200, payload)

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, code: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        try:
            handler.send_response(code)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
            pass

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
