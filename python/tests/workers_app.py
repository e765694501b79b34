"""The app of the uvicorn workers test: the kit mounted in a FastAPI app whose every worker is an
instance of one fleet (AIK_REDIS), and an endpoint an agent run uses to make a call and return."""

from __future__ import annotations

import os
from typing import Any

from fastapi import FastAPI

from agent_interaction_kit import AgentServer

kit = AgentServer(redis=os.environ["AIK_REDIS"], allowed_origins=[os.environ["AIK_ORIGIN"]])
app = FastAPI()
app.mount("/agent", kit.asgi())


@app.get("/health")
async def health() -> dict[str, int]:
    return {"pid": os.getpid()}


@app.get("/ask")
async def ask(session: str, n: int) -> dict[str, Any]:
    args = {"message": f"Call #{n}: go ahead?", "severity": "low"}
    result = await kit.session(session).call_tool("request_user_approval", args, call_id=f"workers-{n}", timeout_seconds=300)
    return {"pid": os.getpid(), "result": result}
