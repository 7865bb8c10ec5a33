// Detecting the docstring style a file already uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectStyle, findDocstrings } from '../../../src/docstring/detect.js';

const GOOGLE = `def a(x):
    """Do a.

    Args:
        x: The x.

    Returns:
        The a.
    """
`;
const NUMPY = `def b(x):
    """Do b.

    Parameters
    ----------
    x : int
        The x.
    """
`;
const SPHINX = `def c(x):
    '''Do c.

    :param x: The x.
    :returns: The c.
    '''
`;
const PLAIN = `def d(x):
    """Do d.

    Keyword arguments:
    x -- the x
    """
`;

test('each style is recognised', () => {
  assert.equal(detectStyle(GOOGLE), 'google');
  assert.equal(detectStyle(NUMPY), 'numpy');
  assert.equal(detectStyle(SPHINX), 'sphinx');
  assert.equal(detectStyle(PLAIN), 'pep257');
  assert.equal(detectStyle('"""Module docstring only."""\nx = 1\n'), 'pep257');
});

test('no docstrings: null, so the caller falls back to the setting', () => {
  assert.equal(detectStyle(''), null);
  assert.equal(detectStyle('def f(x):\n    return """not a docstring"""\n\nx = {\n    "a": 1,\n}\n'), null);
  // Strings in comments, assignments and calls are not docstrings; nor are bytes and f-strings.
  assert.equal(detectStyle('# """Args:\n#     x: y"""\nx = """\nArgs:\n    x: y\n"""\ndef f():\n    b"""Args:\n    x"""\n'), null);
});

test('the majority wins; one-line docstrings do not vote; ties go to the first seen', () => {
  const oneLiners = 'def e():\n    """One."""\n\ndef f():\n    "Two."\n';
  assert.equal(detectStyle(NUMPY + GOOGLE + GOOGLE + oneLiners), 'google');
  assert.equal(detectStyle(oneLiners + SPHINX + NUMPY + NUMPY), 'numpy');
  assert.equal(detectStyle(SPHINX + GOOGLE), 'sphinx');
  assert.equal(detectStyle(GOOGLE + SPHINX), 'google');
});

test('a Google header needs an indented line under it (PEP 257 "Arguments:" lists are not Google)', () => {
  assert.equal(detectStyle('def f(x):\n    """Do f.\n\n    Arguments:\n    x -- the x\n    """\n'), 'pep257');
  assert.equal(detectStyle('def f(x):\n    """Do f.\n\n    Arguments:\n        x: the x\n    """\n'), 'google');
});

test('findDocstrings: module, class and def docstrings, multi-line headers, CRLF, tabs and prefixes', () => {
  const src = [
    'r"""Module."""',
    'class A(',
    '    Base,',
    '):',
    "\tu'''Class.'''",
    '\tdef m(self) -> "x:y":  # comment with """quotes"""',
    '\t\t# leading comment',
    '\t\t"One-line."',
    '\t\treturn """no"""',
    'def g(): pass',
  ].join('\r\n');
  assert.deepEqual(findDocstrings(src), ['r"""Module."""', "u'''Class.'''", '"One-line."']);
});
