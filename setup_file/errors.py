"""Problems found in a setup file, each tied to the path of the value at fault."""


class SetupFileInvalid(Exception):
    """The file cannot be loaded; `problems` lists every reason, one line each."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


class Problems:
    """Collects `path: message` lines; validation never stops at the first one."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, path: str, message: str) -> None:
        self.items.append(f"{path or 'document'}: {message}")

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)


def at(path: str, name: object) -> str:
    """The path of a field of the object at `path`."""
    return f"{path}.{name}" if path else str(name)


def item(path: str, index: int) -> str:
    """The path of an element of the list at `path`."""
    return f"{path}[{index}]"
