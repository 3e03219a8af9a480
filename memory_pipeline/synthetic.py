"""Small synthetic conversations in the canonical format, for load tests and benchmarks.

Each is one session between a user (Ana) and an assistant (Bot) whose user turns say what Ana did and when,
so the gate admits some, the extractor finds events and the embedder has memories to embed: every stage does
a little real work while the orchestration cost dominates. Deterministic for a given seed.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

SUBJECTS = [
    "a puppy",
    "a new job",
    "a trip to Lisbon",
    "a pottery class",
    "my sister's wedding",
    "a marathon",
    "a garden",
]
VERBS = ["I started", "We planned", "I finished", "I signed up for", "I'm excited about", "I talked about"]
WHEN = ["last week", "yesterday", "two days ago", "this morning", "last month", "on Friday"]
REPLIES = ["That sounds great!", "How did it go?", "Tell me more.", "Good luck with that."]


def synthetic_conversations(n: int, seed: int = 0, turns: tuple[int, int] = (4, 4)) -> list[dict]:
    """``n`` conversations ``synth-0000``, ``synth-0001``, ... of one session each, with between ``turns[0]`` and
    ``turns[1]`` turns alternating user and assistant, sessions a day apart."""
    rng = random.Random(seed)
    start = datetime(2023, 1, 2, 10, 0)
    conversations = []
    for index in range(n):
        messages = []
        # A fixed length draws nothing, so the default conversations stay those the figures in the docs used.
        length = turns[0] if turns[0] == turns[1] else rng.randint(*turns)
        for number in range(length):
            if number % 2 == 0:
                text, speaker = f"{rng.choice(VERBS)} {rng.choice(SUBJECTS)} {rng.choice(WHEN)}.", "Ana"
            else:
                text, speaker = rng.choice(REPLIES), "Bot"
            messages.append({"id": f"S1:{number + 1}", "speaker": speaker, "text": text})
        conversations.append(
            {
                "conversation_id": f"synth-{index:04d}",
                "speakers": [{"name": "Ana", "role": "user"}, {"name": "Bot", "role": "assistant"}],
                "sessions": [
                    {"session_id": "S1", "start_time": (start + timedelta(days=index)).isoformat(), "turns": messages}
                ],
            }
        )
    return conversations
