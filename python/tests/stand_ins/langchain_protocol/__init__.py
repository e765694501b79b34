"""A stand-in for `langchain-protocol`, used only where that package is not installed.

langchain-core (which LangGraph needs) imports its streaming event types from
`langchain_protocol` at import time, and the local package index these tests install from does
not carry it. The LangGraph recipe's test uses none of those types: each name read here is an
empty `dict` subclass, enough for the imports. conftest.py puts this folder on `sys.path` only
when the real package cannot be found.
"""


def __getattr__(name: str) -> type:
    if name.startswith("__"):
        raise AttributeError(name)
    return type(name, (dict,), {})
