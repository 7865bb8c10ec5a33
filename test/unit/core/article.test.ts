// "a" or "an" by how a word is said: a type, a quoted letter, an initialism, a model server's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { article } from '../../../src/core/article.js';

test('"a" or "an" by the sound a word starts with, not its first letter', () => {
  const said: [string, string][] = [
    ['int', 'an int'],
    ['str', 'a str'],
    ['object', 'an object'],
    ['OrderedDict', 'an OrderedDict'],
    ['URL', 'a URL'],
    ['uuid.UUID', 'a uuid.UUID'],
    ['uritemplate.template.URITemplate', 'a uritemplate.template.URITemplate'],
    ['urllib.parse.ParseResult', 'a urllib.parse.ParseResult'],
    ['HTTPResponse', 'an HTTPResponse'],
    ['http.client.HTTPResponse', 'an http.client.HTTPResponse'],
    ['xml.dom.minidom.Document', 'an xml.dom.minidom.Document'],
    ['email.message.Message', 'an email.message.Message'],
    ['MIMEVersionHeader', 'a MIMEVersionHeader'],
    ["'e'", "an 'e'"],
    ["'b'", "a 'b'"],
    ['`GzipFile`', 'a `GzipFile`'],
    ['unicode text', 'a unicode text'],
    ['user name', 'a user name'],
    ['hour', 'an hour'],
    ['8-bit int', 'an 8-bit int'],
    ['LM Studio', 'an LM Studio'],
    ['vLLM', 'a vLLM'],
    ['Ollama', 'an Ollama'],
    ['None', 'None'],
  ];
  for (const [word, want] of said) assert.equal(article(word), want, word);
});
