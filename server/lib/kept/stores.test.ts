import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keyText, Memo, RenderedViews, type Scope } from './stores';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
/** A change that names these ids as any student, course or question. */
const names =
  (...ids: string[]) =>
  (scope: Scope) =>
    [scope.student, scope.course, scope.question, ...(scope.questions ?? [])].some((id) => ids.includes(id!));

describe('Memo', () => {
  it('keeps values until cleared, and loads a key once for every request that needs it meanwhile', async () => {
    const memo = new Memo<{ a: number }>(1000);
    let loads = 0;
    const load = async () => ({ a: ++loads });
    const [first, second] = await Promise.all([memo.remember('k', load), memo.remember('k', load)]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(memo.get('k')).toEqual({ a: 1 });
    memo.clear();
    expect(memo.get('k')).toBeUndefined();
    expect(await memo.remember('k', load)).toEqual({ a: 2 });
  });

  it('measures each value by the bytes of its key and its JSON, and drops the oldest to stay within its size', async () => {
    const memo = new Memo<string>(20);
    await memo.remember('a', async () => '12345'); // 1 + 7 bytes
    expect(memo.size).toEqual({ entries: 1, bytes: 8 });
    await memo.remember('b', async () => '12345');
    await memo.remember('c', async () => '12345');
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c')]).toEqual(['12345', '12345']);
    await memo.remember('huge', async () => 'x'.repeat(20));
    expect(memo.get('huge')).toBeUndefined();
    await memo.remember('é', async () => 'é');
    // 'b' made room: c (8 bytes) and é (a 2-byte key, a 4-byte JSON string).
    expect(memo.size).toEqual({ entries: 2, bytes: 8 + 2 + 4 });
  });

  it('keeps no value loaded while the key changed, was evicted or everything was cleared', async () => {
    const memo = new Memo<number>(1000);
    for (const change of [() => memo.update('k', (n) => n + 1), () => memo.evict('k'), () => memo.clear()]) {
      let release: (n: number) => void = () => {};
      const stale = memo.remember('k', () => new Promise((resolve) => (release = resolve)));
      change();
      // A request after the change does not join the stale load.
      const fresh = memo.remember('k', async () => 2);
      release(1);
      expect([await stale, await fresh]).toEqual([1, 2]);
      expect(memo.get('k')).toBe(2);
      memo.evict('k');
    }
  });

  it('changes a kept value in place, and keeps what `keep` refuses out', async () => {
    const memo = new Memo<number | null>(1000);
    await memo.remember('k', async () => 1);
    memo.update('k', (n) => n! + 1);
    expect(memo.get('k')).toBe(2);
    memo.update('absent', () => 5);
    expect(memo.get('absent')).toBeUndefined();
    expect(
      await memo.remember(
        'none',
        async () => null,
        (value) => value !== null,
      ),
    ).toBeNull();
    expect(memo.get('none')).toBeUndefined();
  });

  it('counts a change by the growth it is told instead of measuring the value again, and stays within its size', async () => {
    const memo = new Memo<string[]>(40);
    await memo.remember('k', async () => ['ab']); // 1 + 6 bytes
    let measured = 0;
    const grow = () => {
      measured++;
      return 10;
    };
    memo.update('k', (list) => [...list, 'cd'], grow);
    expect(memo.size).toEqual({ entries: 1, bytes: 7 + 10 });
    memo.update('k', (list) => [...list, 'ef'], grow);
    expect(memo.size).toEqual({ entries: 1, bytes: 7 + 20 });
    expect(measured).toBe(2);
    // Past the bound the value is dropped, as a measured one would be.
    memo.update(
      'k',
      (list) => [...list, 'gh'],
      () => 20,
    );
    expect(memo.get('k')).toBeUndefined();
    expect(memo.size).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('RenderedViews', () => {
  it('keeps a rendered answer with a gzip copy of a large one, measured by its bytes', async () => {
    const views = new RenderedViews(1_000_000);
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Section ${i}` }));
    const view = await views.start('list').keep(JSON.stringify(rows));
    expect(views.get('list')).toBe(view);
    expect(JSON.parse(gunzipSync(view.gzip!).toString())).toEqual(rows);
    expect(view.gzip!.length).toBeLessThan(view.body.length);
    expect(views.size.bytes).toBe(4 + view.body.length + view.gzip!.length);
    expect((await views.start('small').keep('{"ok":true}')).gzip).toBeNull();
  });

  it('lets requests wait for a render under way, and tells them when it failed', async () => {
    const views = new RenderedViews(1_000_000);
    const render = views.start('v');
    const waiting = views.pending('v');
    render.fail();
    expect(await waiting).toBeNull();
    expect(views.pending('v')).toBeUndefined();
    expect(views.get('v')).toBeUndefined();
  });

  it('renders again after a change, even while an older render is under way', async () => {
    const views = new RenderedViews(1_000_000);
    const old = views.start('v');
    views.clear();
    expect(views.pending('v')).toBeUndefined();
    const fresh = await views.start('v').keep('"new"');
    await old.keep('"old"');
    expect(views.get('v')).toBe(fresh);
  });
});

describe('a change that names what it reaches', () => {
  it('evicts the memos whose scope it names, kept or loading, and keeps the rest', async () => {
    const memo = new Memo<string, Scope>(10_000);
    await memo.remember({ student: A }, async () => 'a');
    await memo.remember({ student: B, question: A, section: null }, async () => 'b-a');
    await memo.remember({ student: B }, async () => 'b');
    let release: (value: string) => void = () => {};
    const loading = memo.remember({ course: A, part: 'x' }, () => new Promise((resolve) => (release = resolve)));
    memo.evictWhere(names(A));
    release('stale');
    expect(await loading).toBe('stale');
    expect([
      memo.get({ student: A }),
      memo.get({ student: B, question: A, section: null }),
      memo.get({ course: A, part: 'x' }),
      memo.get({ student: B }),
    ]).toEqual([undefined, undefined, undefined, 'b']);
    expect(memo.size.entries).toBe(1);
  });

  it('evicts the views whose scope it names, and a render under way is not kept', async () => {
    const views = new RenderedViews(1_000_000);
    await views.start({ course: A }).keep('"a"');
    await views.start({ course: B }).keep('"b"');
    const rendering = views.start({ student: B, questions: [B, A] });
    views.evictWhere(names(A));
    await rendering.keep('"stale"');
    expect(views.get(keyText({ course: A }))).toBeUndefined();
    expect(views.get(keyText({ student: B, questions: [B, A] }))).toBeUndefined();
    expect(views.get(keyText({ course: B }))?.body.toString()).toBe('"b"');
  });

  it('leaves a view or memo keyed by a list or a text alone: it is emptied whole', async () => {
    const views = new RenderedViews(1_000_000);
    await views.start([A]).keep('"a"');
    views.evictWhere(names(A));
    expect(views.get(keyText([A]))?.body.toString()).toBe('"a"');
    const memo = new Memo<string>(1000);
    await memo.remember(A, async () => 'a');
    memo.evictWhere(names(A));
    expect(memo.get(A)).toBe('a');
  });
});

describe('keyText', () => {
  it('spells a scope the same whatever the order of its names', () => {
    expect(keyText({ student: A, question: B, section: null })).toBe(
      keyText({ section: null, question: B, student: A }),
    );
    expect(keyText({ student: A })).not.toBe(keyText({ course: A }));
    expect(keyText('k')).toBe('k');
    expect(keyText({ student: A, filter: undefined })).toBe(keyText({ student: A }));
  });

  it('tells apart scopes whose values hold what separates parts', () => {
    const spellings = [
      { student: A, filter: 'x' },
      { student: A, filter: 'x",student:"y' },
      { student: A, filter: 'x,y' },
      { student: A, filter: 'x', page: 1 },
      { student: A, filter: 'x', page: '1' },
      { student: A, questions: [A, B] },
      { student: A, questions: [`${A},${B}`] },
    ];
    expect(new Set(spellings.map(keyText)).size).toBe(spellings.length);
  });
});
