import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listOfInstancesFor, singularOf } from '../../../src/explorer/plural-instances.js';
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
