import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instanceNamedFor, listOfInstancesFor, singularOf } from '../../../src/explorer/plural-instances.js';
import { toSource } from '../../../src/explorer/values.js';

test('plural parameter names give their singular; other names none', () => {
  assert.equal(singularOf('endpoints'), 'endpoint');
  assert.equal(singularOf('grant_types'), 'type');
  assert.equal(singularOf('entries'), 'entry');
  assert.equal(singularOf('boxes'), 'box');
  for (const name of ['status', 'address', 'basis', 'axis', 'its', 'data', 'text']) assert.equal(singularOf(name), undefined, name);
});

test("a plural of a package class's name is a list of two of its instances, the simplest class first", () => {
  const classes = [
    { name: 'TokenEndpoint', init: [{ name: 'grant', kind: 'POSITIONAL_OR_KEYWORD' as const }], attributes: [] },
    { name: 'BaseEndpoint', init: [], attributes: [] },
    { name: 'Client', init: [], attributes: [] },
  ];
  assert.equal(toSource(listOfInstancesFor('endpoints', classes) ?? { k: 'none' }), '[BaseEndpoint(), BaseEndpoint()]');
  assert.equal(listOfInstancesFor('items', classes), undefined);
  assert.equal(listOfInstancesFor('endpoint', classes), undefined);
});

test('a parameter named as a package class is one of its instances: parser → ConfigParser(); generic names point at none', () => {
  const classes = [
    { name: 'RawConfigParser', init: [{ name: 'defaults', kind: 'POSITIONAL_OR_KEYWORD' as const, default: 'None' }], attributes: [] },
    { name: 'PythonLexer', init: [], attributes: [] },
    { name: 'BaseValue', init: [], attributes: [] },
  ];
  assert.match(toSource(instanceNamedFor('parser', classes) ?? { k: 'none' }), /^RawConfigParser\(/);
  assert.equal(toSource(instanceNamedFor('lexer', classes) ?? { k: 'none' }), 'PythonLexer()');
  assert.equal(instanceNamedFor('value', classes), undefined);
  assert.equal(instanceNamedFor('x', classes), undefined);
});
