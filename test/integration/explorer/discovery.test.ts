// Each discovery mechanism on a fixture written for it (test/fixtures/discovery/discovery.py),
// through the real worker at the default budget of 20: the function opens only to the mechanism.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'discovery.py');
/** A module of a package whose other module defines the class its function takes (shelf/). */
const SHELF_LABELS = join(dirname(FIXTURE), 'shelf', 'labels.py');
/** Functions whose ordinary use needs a value built for them (objects.py); applier.py and codec.py hold a class each. */
const OBJECTS = join(dirname(FIXTURE), 'objects.py');
/** A package whose mixin's method runs only on a class that mixes it in (tokens/). */
const TOKENS_MIXINS = join(dirname(FIXTURE), 'tokens', 'mixins.py');
const BUDGET = 20;

const returned = (records: ProbeRecord[]): ProbeRecord[] => records.filter((r) => r.result.status === 'returned');
const shown = (r: ProbeRecord): string => `(${[...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ')})`;
const calls = (records: ProbeRecord[]): string => records.map((r) => `${shown(r)} -> ${r.result.status}`).join('\n');

test('a required keyword-only argument named by the error message is passed', async () => {
  const { records } = await exploreExample(FIXTURE, 'scale', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.kwargs?.factor !== undefined),
    calls(records),
  );
});

test('a format named by the error message is written: parse_day gets a date string in that format', async () => {
  const { records } = await exploreExample(FIXTURE, 'parse_day', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, calls(records));
});

test('"not enough values to unpack (expected 2)" gives a pair', async () => {
  const { records } = await exploreExample(FIXTURE, 'swap', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^\(.+, .+\)$/.test(r.args[0] ?? '')),
    calls(records),
  );
});

test('*args gets two and three items', async () => {
  const { records } = await exploreExample(FIXTURE, 'merge_all', { maxProbes: BUDGET });
  const counts = new Set(returned(records).map((r) => r.args.length));
  assert.ok(counts.has(2) && counts.has(3), calls(records));
});

test('a flag with a False default is tried as True, after the call that leaves it out', async () => {
  const { records } = await exploreExample(FIXTURE, 'greet', { maxProbes: BUDGET });
  const plain = records.findIndex((r) => r.result.status === 'returned' && r.args.length === 1 && !r.kwargs);
  const flagged = records.findIndex((r) => r.result.status === 'returned' && (r.args[1] === 'True' || r.kwargs?.shout === 'True'));
  assert.ok(plain >= 0 && flagged > plain, calls(records));
});

test('a parameter named url gets a URL first', async () => {
  const { records } = await exploreExample(FIXTURE, 'fetch', { maxProbes: BUDGET });
  assert.equal(records[0]?.result.status, 'returned', calls(records));
});

test('unquoted choices in a message are tried', async () => {
  const { records } = await exploreExample(FIXTURE, 'pick', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0] === "'fast'" || r.args[0] === "'slow'"),
    calls(records),
  );
});

test('seeding an agent anonymized: no value comes from a name (the URL a name suggested is not used)', async () => {
  const { records } = await exploreExample(FIXTURE, 'fetch', { maxProbes: BUDGET, seeding: true, strictness: 'anonymized' });
  assert.ok(records.length > 0);
  assert.ok(
    records.every((r) => !r.args.some((a) => a.includes('example.com/docs') || a.includes('localhost:8080'))),
    calls(records),
  );
});

test("constants of the target's code are tried: command gets its own 'PURGE'", async () => {
  const { records, info } = await exploreExample(FIXTURE, 'command', { maxProbes: BUDGET });
  assert.ok(info.constants?.includes('PURGE'), JSON.stringify(info.constants));
  assert.ok(!info.constants?.some((c) => typeof c === 'string' && c.includes('Only one word')), 'the docstring is no constant');
  assert.ok(
    returned(records).some((r) => r.args[0] === "'PURGE'"),
    calls(records),
  );
});

test("a method's receiver is built from its class's constructor signature: Account(<a name>, <an amount>)", async () => {
  const { records, info } = await exploreExample(FIXTURE, 'Account.withdraw', { maxProbes: BUDGET });
  assert.deepEqual(
    info.ownerInit?.map((p) => p.name),
    ['owner', 'balance'],
  );
  assert.ok(
    returned(records).some((r) => /^Account\('.+', \d+\)$/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test('"a bytes-like object is required" gives bytes: checksum returns for a bytes argument', async () => {
  const { records } = await exploreExample(FIXTURE, 'checksum', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith("b'")),
    calls(records),
  );
});

test("the function's name hints at its first argument when that argument's name says nothing: parse_version(s) gets a version", async () => {
  const version = (r: ProbeRecord) => /^'\d+\.\d+\.\d+'$/.test(r.args[0] ?? '');
  const { records } = await exploreExample(FIXTURE, 'parse_version', { maxProbes: BUDGET, comparisons: false });
  assert.ok(returned(records).some(version), calls(records));
  // Seeding an agent that must not learn the names: the function's name is one of them.
  const seeds = await exploreExample(FIXTURE, 'parse_version', { maxProbes: BUDGET, comparisons: false, seeding: true, strictness: 'anonymized' });
  assert.ok(!seeds.records.some(version), calls(seeds.records));
});

test('a file object from its name: count_records(fp) returns for an io.StringIO', async () => {
  const { records, report } = await exploreExample(FIXTURE, 'count_records', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('io.')),
    calls(records),
  );
  // Reading moved the file's position: the file's use, not a change the summary reports.
  assert.doesNotMatch(report.description.summary, /in place/);
});

test('a message that names a file ("You can only load a file descriptor, filename or list") brings a file object: load_settings(f) returns for one at the default budget', async () => {
  const { records } = await exploreExample(FIXTURE, 'load_settings', { maxProbes: 20 });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('io.StringIO(')),
    calls(records),
  );
});

test('the other kind of file after a type error, and an empty one to write into: upper_copy(source, sink, times) returns', async () => {
  const { records, report } = await exploreExample(FIXTURE, 'upper_copy', { maxProbes: 40 });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('io.BytesIO(') && r.args[1] === "io.BytesIO(b'')"),
    calls(records),
  );
  // What it wrote is news, named by the parameter, shown in a file that started empty.
  assert.match(report.description.summary, /Writes to the file object it is given \(after upper_copy\(.*, `sink` held io\.BytesIO\(b'FIRST_LINE/);
});

test('a file written into shows what was written, and the argument written changes the effect: save_total(numbers, out)', async () => {
  const { records, report } = await exploreExample(FIXTURE, 'save_total', { maxProbes: 40 });
  assert.ok(
    returned(records).some((r) => r.args[1] === "io.StringIO('')"),
    calls(records),
  );
  assert.match(report.description.summary, /`out` held io\.StringIO\('total=\d+\\n'\)/);
  // Every call returned None: `numbers` changed only what the file holds, and that is a difference.
  assert.doesNotMatch(report.description.parameters.numbers ?? '', /made no difference/);
});

test("a file object from \"'str' object has no attribute 'readline'\": first_field(src) returns for one", async () => {
  const { records } = await exploreExample(FIXTURE, 'first_field', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('io.')),
    calls(records),
  );
});

test('"list.remove(x): x not in list" names no item: the item is taken from the list, and the list given the item', async () => {
  const { records } = await exploreExample(FIXTURE, 'without', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /container holding the key|a key the container holds/.test(r.note ?? '')),
    calls(records),
  );
});

test('a KeyError that echoes the key brings a receiver holding it: Roster.drop returns, and the summary says it removes `name`', async () => {
  const { records, report } = await exploreExample(FIXTURE, 'Roster.drop', { maxProbes: 40 });
  assert.ok(
    returned(records).some((r) => /container holding the key/.test(r.note ?? '')),
    calls(records),
  );
  assert.match(
    report.description.summary,
    // What the call did to the object's list of names (state-effects.ts).
    /^Removes `name` from `names`\. Returns None\./,
  );
});

test('an argument changed in place is described by what was done to it: enrol(names, name) adds `name` to `names`', async () => {
  const { report } = await exploreExample(FIXTURE, 'enrol', { maxProbes: 40 });
  assert.match(report.description.summary, /^Adds `name` to `names` \(after enrol\(.+\), `names` held \[.+\]\)\. Returns None\./);
});

test("a method the elements lack (\"'int' object has no attribute 'get'\") brings a list of dicts keyed by the call's other argument: count_by(rows, field)", async () => {
  const { records } = await exploreExample(FIXTURE, 'count_by', { maxProbes: 40 });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('[{') && r.args[1] !== undefined && r.args[0].includes(`{${r.args[1]}: `)),
    calls(records),
  );
});

test('a message asking for one character brings a str of one: letter_rank(ch) returns for one', async () => {
  const { records } = await exploreExample(FIXTURE, 'letter_rank', { maxProbes: 12 });
  assert.ok(
    returned(records).some((r) => r.note === 'the error asked for one character'),
    calls(records),
  );
});

test("a method that found its receiver empty is called on one filled first through its class's push: Tray.pop returns the last item pushed", async () => {
  const { records } = await exploreExample(FIXTURE, 'Tray.pop', { maxProbes: 20 });
  const filled = returned(records).find((r) => /^\(lambda s: \(s\.push\(3\), s\.push\(7\), s\)\[-1\]\)\(Tray\(\)\)$/.test(r.receiver ?? ''));
  assert.ok(filled, calls(records));
  assert.equal(filled.result.value?.repr, '7');
});

test('the explorer stops when it has stopped learning, whatever the budget: double(x) at 3000 probes', async () => {
  const { records } = await exploreExample(join(FIXTURE, '..', 'one_line.py'), 'double', { maxProbes: 3000, strictness: 'signature' });
  // Mutants of ever deeper nested lists give new outputs forever; no new code or kind of outcome after the first few.
  assert.ok(records.length < 400, `${records.length} probes`);
});

test("a receiver that cannot be built is built again from the next value its constructor's names suggest: Rule('==1.2.3').allows", async () => {
  const { records } = await exploreExample(FIXTURE, 'Rule.allows', { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    returned(records).some((r) => r.receiver === "Rule('==1.2.3')"),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test('a mapping found empty is filled first through update({...}): Recent.popitem returns an item', async () => {
  const { records } = await exploreExample(FIXTURE, 'Recent.popitem', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /s\.update\(\{/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test('a message that names a method to call first ("start() must be called first") brings a receiver that called it: Batch.total returns', async () => {
  const { records } = await exploreExample(FIXTURE, 'Batch.total', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /s\.start\(\)/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test("a receiver whose constructor takes a function is built with one its parameter's name suggests: Retry(<a function>).run returns", async () => {
  const { records } = await exploreExample(FIXTURE, 'Retry.run', { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(returned(records).length > 0, records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'));
});

test("an attribute only a datetime has (\"'int' object has no attribute 'hour'\") brings a datetime: clock_label(x) returns for one", async () => {
  const { records } = await exploreExample(FIXTURE, 'clock_label', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('datetime.datetime(')),
    calls(records),
  );
});

test('a constructor parameter whose name suggests a file gets one: Writer(<a file object>).line returns', async () => {
  const { records } = await exploreExample(FIXTURE, 'Writer.line', { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    returned(records).some((r) => r.receiver?.startsWith('Writer(io.StringIO(')),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test("a type error about what the receiver was built from (\"'int' object has no attribute 'write'\") rebuilds the receiver with a file: Sink.put returns", async () => {
  const { records } = await exploreExample(FIXTURE, 'Sink.put', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.receiver?.startsWith('Sink(io.StringIO(')),
    records.map((r) => `${r.receiver}.${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test("an argument asked for by an attribute no built-in type has is an instance of the package's class that has it", async () => {
  const { records, report } = await exploreExample(SHELF_LABELS, 'label_of', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Release\(/.test(r.args[0] ?? '')),
    calls(records),
  );
  // The worker sees a change to such an object only through its pickle or repr: no "pure" from them.
  assert.notEqual(report.properties.find((p) => p.name === 'pure')?.holds, true, JSON.stringify(report.properties));
});

test('an argument that only a sibling method can give (setpos after getpos) is what that sibling returned', async () => {
  const { records } = await exploreExample(FIXTURE, 'Dial.setpos', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0] === 'Dial.getpos(Dial())'),
    calls(records),
  );
});

test('an agent seeded in anonymized mode gets neither package classes nor sibling outputs', async () => {
  const shelf = await exploreExample(SHELF_LABELS, 'label_of', { maxProbes: BUDGET, seeding: true });
  const dial = await exploreExample(FIXTURE, 'Dial.setpos', { maxProbes: BUDGET, seeding: true });
  const all = [...shelf.records, ...dial.records];
  assert.ok(!all.some((r) => /Release\(|getpos/.test(r.args.join(' '))), calls(all));
});

test('"No such file or directory" for a file name is answered with a file of that name written in the call folder first: count_lines(filename)', async () => {
  const { records } = await exploreExample(FIXTURE, 'count_lines', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^scratch_file\(/.test(r.args[0] ?? '')),
    calls(records),
  );
});

test('a receiver whose constructor found no file is built on one written first: Settings(<a file>).keys returns', async () => {
  const { records } = await exploreExample(FIXTURE, 'Settings.keys', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Settings\(scratch_file\(/.test(r.receiver ?? '')),
    calls(records),
  );
});

test("\"'int' object has no attribute 'group'\" brings a match object: area_code(mo) returns for re.match(...)", async () => {
  const { records } = await exploreExample(OBJECTS, 'area_code', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('re.match(')),
    calls(records),
  );
});

test('"is not a class" brings a class; "Invalid first argument to `register()`" names the position it is about', async () => {
  const one = await exploreExample(OBJECTS, 'type_name', { maxProbes: BUDGET });
  assert.ok(
    returned(one.records).some((r) => ['int', 'str', 'list'].includes(r.args[0] ?? '')),
    calls(one.records),
  );
  const two = await exploreExample(OBJECTS, 'register', { maxProbes: BUDGET });
  assert.ok(
    returned(two.records).some((r) => ['int', 'str', 'list'].includes(r.args[0] ?? '')),
    calls(two.records),
  );
});

test('a receiver built as its constructor asked ("Input must be callable"), then as many *args as the error says: Applier.apply returns', async () => {
  const { records } = await exploreExample(join(dirname(FIXTURE), 'applier.py'), 'Applier.apply', { maxProbes: BUDGET });
  const calledOn = (r: ProbeRecord) => `${r.receiver}.apply${shown(r)} -> ${r.result.status}`;
  assert.ok(
    returned(records).some((r) => /^Applier\((?!\d|'|\[)/.test(r.receiver ?? '')),
    records.map(calledOn).join('\n'),
  );
});

test("a mixin's method is called on a class of the package that mixes it in: AliasMixin.real_name returns", async () => {
  const { records } = await exploreExample(TOKENS_MIXINS, 'AliasMixin.real_name', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Named\(/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} -> ${r.result.status}`).join('\n'),
  );
});

test('a mixin whose own constructor asks for what only its users have is built as one of them: CursorMixin.advance returns', async () => {
  const { records } = await exploreExample(TOKENS_MIXINS, 'CursorMixin.advance', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Cursor\(/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} -> ${r.result.status}`).join('\n'),
  );
});

test("a table the receiver holds gives its keys: Codec.encode returns for 'plain' or 'upper'", async () => {
  const { records } = await exploreExample(join(dirname(FIXTURE), 'codec.py'), 'Codec.encode', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0] === "'plain'" || r.args[0] === "'upper'"),
    calls(records),
  );
});

test("bytes compared with a magic prefix get a whole document of that format: plist_kind returns 'plist'", async () => {
  const { records } = await exploreExample(OBJECTS, 'plist_kind', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.result.value?.repr === "'plist'"),
    calls(records),
  );
});

test("the code's phrases on lines of their own: report_entries gets its heading line followed by another", async () => {
  const { records } = await exploreExample(OBJECTS, 'report_entries', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, calls(records));
});

test("a message quoting a list's item is about its items: parse_fields gets a list of numeric words", async () => {
  const { records } = await exploreExample(OBJECTS, 'parse_fields', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^\['\d+'/.test(r.args[0] ?? '')),
    calls(records),
  );
});

/** Functions whose receiver needs state another of its methods sets first (state.py). */
const STATE = join(dirname(FIXTURE), 'state.py');

test('state another method sets first: Speller.spell returns on a Speller configured first', async () => {
  const { records } = await exploreExample(STATE, 'Speller.spell', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /configure\(/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} ${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test("text fed first, then a position in it: Scanner.marker_end returns on a Scanner fed its marker '<%'", async () => {
  const { records } = await exploreExample(STATE, 'Scanner.marker_end', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /feed\('<%'\)/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} ${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

test('a parameter named newstream gets a file object: Lines.next_line returns on Lines fed one through push_source', async () => {
  const { records } = await exploreExample(STATE, 'Lines.next_line', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /push_source\(io\.StringIO\(/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} ${shown(r)} -> ${r.result.status}`).join('\n'),
  );
});

/** Functions that take values of shapes no literal has (shapes.py). */
const SHAPES = join(dirname(FIXTURE), 'shapes.py');

test('"should be called on dataclass instances" brings a dataclass instance: field_names returns', async () => {
  const { records } = await exploreExample(SHAPES, 'field_names', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^dataclass_record\(/.test(r.args[0] ?? '')),
    calls(records),
  );
});

test('an error type naming a format (YAMLError) brings text of that format: read_pairs returns', async () => {
  const { records } = await exploreExample(SHAPES, 'read_pairs', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, calls(records));
});

test('a plural of a package class names a list of its instances: Router([Endpoint(), Endpoint()]).paths returns', async () => {
  const { records } = await exploreExample(join(dirname(FIXTURE), 'routes', 'router.py'), 'Router.paths', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Router\(\[Endpoint\(/.test(r.receiver ?? '')),
    records.map((r) => `${r.receiver} -> ${r.result.status}`).join('\n'),
  );
});

/** Functions handed an exception, a traceback or a syntax-tree node (reports.py). */
const REPORTS = join(dirname(FIXTURE), 'reports.py');

for (const name of ['describe_failure', 'failure_line', 'first_argument']) {
  test(`a parameter named for an exception, a traceback or exc_info gets a real one: ${name} returns`, async () => {
    const { records } = await exploreExample(REPORTS, name, { maxProbes: BUDGET });
    assert.ok(returned(records).length > 0, calls(records));
  });
}

test("an error naming what only a traceback has ('tb_next') brings in a real traceback: deepest_line returns", async () => {
  const { records } = await exploreExample(REPORTS, 'deepest_line', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.args[0]?.startsWith('traceback_of(')),
    calls(records),
  );
});

for (const method of ['LoopCounter.visit_For', 'LoopCounter.visitAsyncFor']) {
  test(`a visitor's method named for an ast class gets a node of that class: ${method} returns`, async () => {
    const { records } = await exploreExample(REPORTS, method, { maxProbes: BUDGET });
    const cls = method.replace(/^.*visit_?/, '');
    assert.ok(
      returned(records).some((r) => r.args.includes(`ast_node('${cls}')`)),
      calls(records),
    );
  });
}

/** Functions comparing a parameter with a constant while an earlier one holds an equal value (counted.py). */
const COUNTED = join(dirname(FIXTURE), 'counted.py');

for (const name of ['choose_form', 'Catalog.form']) {
  test(`a constant compared with a parameter is given to that parameter, not to another holding an equal value: ${name} gets n=1`, async () => {
    const { records } = await exploreExample(COUNTED, name, { maxProbes: BUDGET });
    assert.ok(
      returned(records).some((r) => r.args[3] === '1'),
      calls(records),
    );
  });
}

/** Functions reading a dict by the keys their code names (keyed.py). */
const KEYED = join(dirname(FIXTURE), 'keyed.py');

for (const name of ['node_label', 'issuer_of']) {
  test(`a KeyError naming a key no argument holds gives the dict that key, in turn: ${name} returns`, async () => {
    const { records } = await exploreExample(KEYED, name, { maxProbes: BUDGET });
    assert.ok(returned(records).length > 0, calls(records));
  });
}

test("a character's code point compared with a constant gives the text that character: joiner_kind returns 'ZWNJ'", async () => {
  const { records } = await exploreExample(join(dirname(FIXTURE), 'codepoints.py'), 'joiner_kind', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.result.value?.repr === "'ZWNJ'"),
    calls(records),
  );
});

test('a reader of a binary format is given a small valid file of it: WAV, zip and tar readers return', async () => {
  const archives = join(dirname(FIXTURE), 'archives.py');
  for (const [qualname, built] of [
    ['Recording.seconds', /^Recording\(sample_file\('\w+\.wav'\)\)$/],
    ['member_names', /^sample_file\('\w+\.zip'\)$/],
    ['TarIndex.count', /^TarIndex\(sample_file\('\w+\.tar'\)\)$/],
  ] as const) {
    const { records } = await exploreExample(archives, qualname, { maxProbes: BUDGET });
    assert.ok(
      returned(records).some((r) => built.test(r.receiver ?? r.args[0] ?? '')),
      `${qualname}:\n${records.map((r) => `${r.receiver ?? ''} ${shown(r)} -> ${r.result.status} ${r.result.exception?.message ?? ''}`).join('\n')}`,
    );
  }
});
