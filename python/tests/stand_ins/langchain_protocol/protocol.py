"""See __init__.py: the names of `langchain_protocol.protocol`, as empty `dict` subclasses."""


def __getattr__(name: str) -> type:
    if name.startswith("__"):
        raise AttributeError(name)
    return type(name, (dict,), {})
