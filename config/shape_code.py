"""Writes a shape's render function from its fields (config/shapes.py), once per class.

The function is generated as Python source and compiled, so that rendering is one dict
literal, as fast as a hand-written function: a value is an attribute read or a call, a lambda
of a declaration is inlined (its body copied, its parameters replaced by the render's names),
a list of a small nested shape is one comprehension of dict literals. Any other function is
called with the render's names its parameters ask for. `Shape.source` keeps the text (and
tracebacks show it).
"""

import ast
import copy
import functools
import inspect
import linecache
import re
import sys

PATH = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")
ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant, ast.List, ast.ListComp, ast.Dict)
RESERVED = re.compile(r"^_(h_|i\d)")  # helper and item names of the generated code


@functools.cache
def _lambdas(filename: str) -> dict:
    """The lambdas of a source file by (line, parameter names); None for a pair seen twice."""
    found: dict = {}
    lines = linecache.getlines(filename)
    for node in ast.walk(ast.parse("".join(lines))) if lines else ():
        if isinstance(node, ast.Lambda):
            key = (node.lineno, tuple(a.arg for a in node.args.args))
            found[key] = None if key in found else node
    return found


def lambda_node(fn) -> ast.Lambda | None:
    """The syntax of a lambda, when its source is at hand and is the code that runs."""
    code = getattr(fn, "__code__", None)
    if getattr(fn, "__name__", None) != "<lambda>" or code is None or code.co_freevars:
        return None
    node = _lambdas(code.co_filename).get((code.co_firstlineno, code.co_varnames[: code.co_argcount]))
    if node is None or node.args.defaults or node.args.vararg or node.args.kwonlyargs or node.args.kwarg:
        return None
    compiled = compile(ast.Expression(node), code.co_filename, "eval").co_consts[0]
    if compiled.co_code != code.co_code or compiled.co_names != code.co_names:
        return None  # the file changed since it was imported
    return node


class _Substitute(ast.NodeTransformer):
    def __init__(self, mapping: dict[str, ast.expr]):
        self.mapping = mapping

    def visit_Name(self, node):
        if node.id in self.mapping:
            return copy.deepcopy(self.mapping[node.id])
        return node


def parameters(fn) -> list[inspect.Parameter] | None:
    try:
        return list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature (`list`): the value only
        return None


class Writer:
    """The source of one shape's render function; `names` map the names a declaration may
    use (the render's parameters, its scope) to expressions of the generated code."""

    def __init__(self, shape):
        self.shape = shape
        self.globals = sys.modules[shape.__module__].__dict__
        self.cells: dict[str, object] = {}
        self.items = 0
        self.local_names: set[str] = set()

    def fail(self, message: str):
        raise TypeError(f"{self.shape.__qualname__}: {message}")

    def bind(self, obj, hint: str) -> str:
        """The name under which the generated code reaches `obj` (a closure variable)."""
        for name, known in self.cells.items():
            if known is obj:
                return name
        name = "_h_" + re.sub(r"\W", "_", hint)
        while name in self.cells:
            name += "_"
        self.cells[name] = obj
        return name

    def item(self) -> str:
        self.items += 1
        return f"_i{self.items}"

    def path(self, path: str, names: dict[str, str]) -> str:
        head, _, rest = path.partition(".")
        if not PATH.match(path) or head not in names:
            self.fail(f"`{path}` does not start with a name of the render ({', '.join(names)})")
        return names[head] + ("." + rest if rest else "")

    def apply(self, fn, value: str | None, names: dict[str, str]) -> str:
        """`fn` of `value` (its first parameter, unless None) and of the names its other parameters name:
        a name of the render (a path), a shape (its render), a lambda (inlined) or a function (called)."""
        if isinstance(fn, str):
            return f"{self.path(fn, names)}({value})"
        if isinstance(fn, type) and hasattr(fn, "fields"):  # a shape
            return self.nested(fn, value, names)
        inlined = self.inline(fn, value, names)
        if inlined is not None:
            return inlined
        return self.call(fn, getattr(fn, "__name__", "fn"), parameters(fn), value, names)

    def call(self, fn, hint: str, params, value: str | None, names: dict[str, str]) -> str:
        args = [] if value is None else [value]
        keywords = False
        for param in (params or [])[len(args) :]:
            if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
                continue
            if param.name not in names:
                if param.default is param.empty:
                    self.fail(f"{hint}() needs `{param.name}`, which is not a name of the render")
                keywords = True
                continue
            keywords = keywords or param.kind == param.KEYWORD_ONLY
            args.append(f"{param.name}={names[param.name]}" if keywords else names[param.name])
        return f"{self.bind(fn, hint)}({', '.join(args)})"

    def inline(self, fn, value: str | None, names: dict[str, str]) -> str | None:
        node = lambda_node(fn)
        if node is None or fn.__globals__ is not self.globals:
            return None  # called instead: the same value
        params = [a.arg for a in node.args.args]
        mapping = {}
        if value is not None:
            if not params:
                self.fail("a lambda applied to a value takes it as its first parameter")
            mapping[params.pop(0)] = value
        for param in params:
            if param not in names:
                self.fail(f"a lambda needs `{param}`, which is not a name of the render ({', '.join(names)})")
            mapping[param] = names[param]
        for n in ast.walk(node.body):
            if isinstance(n, ast.NamedExpr):
                return None  # it would assign in the generated code
            if not isinstance(n, ast.Name):
                continue
            if not isinstance(n.ctx, ast.Load):  # a comprehension's variable
                if n.id in mapping:
                    return None
            elif n.id not in mapping and (n.id in self.local_names or RESERVED.match(n.id)):
                return None  # it would see a name of the generated code: called instead
        parsed = {key: ast.parse(text, mode="eval").body for key, text in mapping.items()}
        body = _Substitute(parsed).visit(copy.deepcopy(node.body))
        return ast.unparse(body) if isinstance(body, ATOMS) else f"({ast.unparse(body)})"

    def nested(self, shape, value: str, names: dict[str, str]) -> str:
        """`shape` rendering `value`: its dict literal when it has no logic and `value` is a name, else its render."""
        params = parameters(shape.render)
        local = RESERVED.match(value) or value in self.local_names  # a name: read again at no cost
        if shape.simple() and local and all(p.name in names for p in params[1:]):
            inner = {params[0].name: value, **{p.name: names[p.name] for p in params[1:]}}
            return "{" + ", ".join(f"{key!r}: {expr}" for key, expr in self.values(shape, inner)) + "}"
        return self.call(shape.render, shape.__name__, params, value, names)

    def values(self, shape, names: dict[str, str]):
        """(key, expression) of each field of `shape`, in order."""
        for key, field in shape.fields.items():
            yield key, field.expression(self, key, names)

    def condition(self, field, key: str, names: dict[str, str]) -> str | None:
        """When a key is present (None: always)."""
        if field.expanded:
            return f"{key!r} in {self.path('viewer.expand', names)}"
        if field.present is not None:
            return self.apply(field.present, None, names)
        return "not None" if field.omit_none else None

    def write(self) -> tuple[str, dict]:
        shape = self.shape
        signature = shape.signature()
        tree = ast.parse(f"def render({signature}): pass").body[0].args
        params = [a.arg for a in [*tree.posonlyargs, *tree.args, *tree.kwonlyargs]]
        names = {name: name for name in params}
        self.local_names = {*params, *shape.scope, "data"}
        body = []
        if shape.none_unless is not None:
            body.append(f"if not {self.path(shape.none_unless, names)}:")
            body.append("    return None")
        for name, spec in shape.scope.items():
            body.append(
                f"{name} = {self.path(spec, names) if isinstance(spec, str) else self.apply(spec, None, names)}"
            )
            names[name] = name
        literal, later = [], []
        for key, expr in self.values(shape, names):
            condition = self.condition(shape.fields[key], key, names)
            if condition is None and not later:
                literal.append(f"    {key!r}: {expr},")
            elif condition is None:
                later.append(f"data[{key!r}] = {expr}")
            elif condition == "not None":
                later += [f"_i0 = {expr}", "if _i0 is not None:", f"    data[{key!r}] = _i0"]
            else:
                later += [f"if {condition}:", f"    data[{key!r}] = {expr}"]
        if later:
            body += ["data = {", *literal, "}", *later, "return data"]
        else:
            body += ["return {", *literal, "}"]
        cells = ", ".join(self.cells)
        lines = [f"def _make({cells}):", f"    def render({signature}):", *[" " * 8 + line for line in body]]
        return "\n".join([*lines, "    return render", ""]), self.cells


def compile_render(shape):
    """`shape`'s render function and its source."""
    source, cells = Writer(shape).write()
    filename = f"<render of {shape.__module__}.{shape.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(source, filename, "exec"), sys.modules[shape.__module__].__dict__, namespace)
    render = namespace["_make"](*cells.values())
    render.__qualname__ = f"{shape.__qualname__}.render"
    render.__module__ = shape.__module__
    return render, source
