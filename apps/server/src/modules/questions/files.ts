import {
  issueError,
  MAX_QUESTIONS_PER_TEST,
  QUESTION_TYPES,
  type QuestionContent,
  type QuestionType,
  questionInputSchema,
} from '@cool/shared';
import type { FastifyReply } from 'fastify';
import { type CsvRecord, readCsv, sendCsv } from '../../http/csv.ts';
import { type FieldProblem, httpError } from '../../http/reply.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import { checkedWorkbook, QUESTION_FILE_MAX_COLUMNS, QUESTION_FILE_MAX_ROWS } from './workbook.ts';

/**
 * Question files (CSV and XLSX share one layout): one row per option; consecutive rows with the same
 * `question` number form one question, whose own fields (type, required, stem, image) come from its first row.
 * `option_dimensions` lists dimension keys separated by `;`. `required` takes yes/no (also true/false, 1/0, 是/否).
 * A blank `option_score` leaves the option unscored.
 */
export const QUESTION_COLUMNS = [
  'question',
  'type',
  'required',
  'stem_zh',
  'stem_en',
  'image_url',
  'option_label',
  'option_text_zh',
  'option_text_en',
  'option_score',
  'option_dimensions',
  'option_pole',
  'option_image_url',
] as const;
type Column = (typeof QUESTION_COLUMNS)[number];

type FileRow = CsvRecord;

/** The file rows of the question at `number` (1-based): one per option. */
const rowsOf = (q: QuestionContent, number: number): (string | number)[][] =>
  (q.options.length > 0 ? q.options : [null]).map((o, j) => [
    number,
    j === 0 ? q.type : '',
    j === 0 ? (q.required ? 'yes' : 'no') : '',
    j === 0 ? q.stem.zh : '',
    j === 0 ? q.stem.en : '',
    j === 0 ? (q.imageUrl ?? '') : '',
    o?.label ?? '',
    o?.text.zh ?? '',
    o?.text.en ?? '',
    o?.score ?? '',
    o?.dimensions.join(';') ?? '',
    o?.pole ?? '',
    o?.imageUrl ?? '',
  ]);

export const TEMPLATE_QUESTIONS: QuestionContent[] = [
  {
    stem: { zh: '我感到心情愉快', en: 'I feel cheerful' },
    imageUrl: null,
    type: 'likert',
    required: true,
    options: ['从不|Never', '有时|Sometimes', '经常|Often', '总是|Always'].map((text, i) => ({
      label: String(i + 1),
      text: { zh: text.split('|')[0]!, en: text.split('|')[1]! },
      imageUrl: null,
      score: 3 - i,
      dimensions: ['mood'],
      pole: null,
    })),
  },
  {
    stem: { zh: '你最近一周的睡眠如何？', en: 'How did you sleep this past week?' },
    imageUrl: null,
    type: 'single',
    required: false,
    options: [
      { zh: '很好', en: 'Well' },
      { zh: '一般', en: 'So-so' },
      { zh: '很差', en: 'Badly' },
    ].map((text, i) => ({
      label: String.fromCharCode(65 + i),
      text,
      imageUrl: null,
      score: i,
      dimensions: [],
      pole: null,
    })),
  },
];

/**
 * Sends questions as a file download. CSV streams as the questions are read; XLSX is built whole in memory,
 * which is fine at the 300-question cap.
 */
export async function sendQuestionFile(
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  list: AsyncIterable<QuestionContent> | Iterable<QuestionContent>,
) {
  // A batch per question: its rows.
  async function* rows() {
    let number = 0;
    for await (const q of list) yield rowsOf(q, ++number);
  }
  if (format === 'csv') return sendCsv(reply, `${name}.csv`, QUESTION_COLUMNS, rows());
  const data: (string | number)[][] = [];
  for await (const batch of rows()) data.push(...batch);
  return sendXlsx(reply, name, 'questions', QUESTION_COLUMNS, data);
}

/** A refused cell or row of an imported file, by its line (0 for the file as a whole). */
type RowProblem = FieldProblem & { line: number };

/** Reads a CSV or XLSX file (told apart by content: XLSX is a ZIP) into rows with their line numbers. */
async function readQuestionFile(file: Buffer): Promise<{ rows: FileRow[] } | { errors: RowProblem[] }> {
  const isZip = file.length > 4 && file.readUInt32LE(0) === 0x04034b50;
  if (isZip) {
    const workbook = await checkedWorkbook(file);
    let sheet: unknown[][];
    try {
      // Loaded on the first import rather than at every start.
      const { readSheet } = await import('read-excel-file/node');
      sheet = (await readSheet(workbook)) as unknown[][];
    } catch {
      return { errors: [{ line: 0, field: 'file', error: 'import.notXlsx' }] };
    }
    return {
      rows: sheet.map((cells, i) => ({
        line: i + 1,
        cells: cells.map((c) => (c === null || c === undefined ? '' : String(c))),
      })),
    };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file);
  if (text.includes('\u0000')) return { errors: [{ line: 0, field: 'file', error: 'import.notText' }] };
  const parsed = readCsv(text, { rows: QUESTION_FILE_MAX_ROWS, columns: QUESTION_FILE_MAX_COLUMNS });
  if ('tooMany' in parsed)
    throw parsed.tooMany === 'rows'
      ? httpError(400, 'file.tooManyRows', { maximum: QUESTION_FILE_MAX_ROWS })
      : httpError(400, 'file.tooManyColumns', { maximum: QUESTION_FILE_MAX_COLUMNS });
  if ('error' in parsed)
    return { errors: [{ field: 'file', line: parsed.error.line, error: 'import.badCsv' }] };
  return { rows: parsed.records };
}

const YES = new Set(['yes', 'y', 'true', '1', '是']);
const NO = new Set(['no', 'n', 'false', '0', '否']);

/** Turns file rows into questions; every bad row is reported with its line, and then nothing is returned. */
function questionsFromRows(
  rows: readonly FileRow[],
): { questions: QuestionContent[] } | { errors: RowProblem[] } {
  const errors: RowProblem[] = [];
  const [header, ...body] = rows;
  if (!header) return { errors: [{ line: 1, field: 'file', error: 'import.empty' }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const column of QUESTION_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0) errors.push({ line: header.line, field: column, error: 'import.missingColumn' });
    else index.set(column, at);
  }
  names.forEach((name, i) => {
    if (name && !(QUESTION_COLUMNS as readonly string[]).includes(name))
      errors.push({ line: header.line, field: header.cells[i]!, error: 'import.unknownColumn' });
  });
  if (errors.length > 0) return { errors };
  if (body.every((row) => row.cells.every((c) => c.trim() === '')))
    return { errors: [{ line: header.line + 1, field: 'file', error: 'import.noRows' }] };

  const groups: { number: number; line: number; rows: { line: number; get: (c: Column) => string }[] }[] = [];
  for (const row of body) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    const get = (c: Column) => (row.cells[index.get(c)!] ?? '').trim();
    const raw = get('question');
    const number = Number(raw);
    if (!/^\d+$/.test(raw) || number < 1) {
      errors.push({ line: row.line, field: 'question', error: 'import.notQuestionNumber' });
      continue;
    }
    const last = groups.at(-1);
    if (last?.number === number) last.rows.push({ line: row.line, get });
    else if (groups.some((g) => g.number === number))
      errors.push({
        line: row.line,
        field: 'question',
        error: 'import.notConsecutive',
        params: { number },
      });
    else groups.push({ number, line: row.line, rows: [{ line: row.line, get }] });
  }
  if (groups.length > MAX_QUESTIONS_PER_TEST)
    errors.push({
      line: 0,
      field: 'file',
      error: 'question.tooMany',
      params: { maximum: MAX_QUESTIONS_PER_TEST },
    });

  const questions: QuestionContent[] = [];
  for (const group of groups) {
    const first = group.rows[0]!;
    const rowErrors = (line: number, field: string, problem: Pick<FieldProblem, 'error' | 'params'>) =>
      errors.push({ line, field, ...problem });
    const type = first.get('type').toLowerCase() || 'single';
    if (!(QUESTION_TYPES as readonly string[]).includes(type))
      rowErrors(first.line, 'type', {
        error: 'field.notOneOf',
        params: { options: QUESTION_TYPES.join(', ') },
      });
    const requiredText = first.get('required').toLowerCase() || 'yes';
    if (!YES.has(requiredText) && !NO.has(requiredText))
      rowErrors(first.line, 'required', { error: 'import.yesOrNo' });
    const options = group.rows
      .filter(
        (r) =>
          r.get('option_text_zh') ||
          r.get('option_text_en') ||
          r.get('option_score') ||
          r.get('option_label'),
      )
      .map((r) => {
        const scoreText = r.get('option_score');
        const score = scoreText === '' ? null : Number(scoreText);
        if (score !== null && !Number.isFinite(score))
          rowErrors(r.line, 'option_score', { error: 'import.notNumber' });
        return {
          line: r.line,
          option: {
            label: r.get('option_label'),
            text: { zh: r.get('option_text_zh'), en: r.get('option_text_en') },
            imageUrl: r.get('option_image_url') || null,
            score: score !== null && Number.isFinite(score) ? score : null,
            dimensions: r
              .get('option_dimensions')
              .split(/\s*[;,]\s*/)
              .filter(Boolean),
            pole: r.get('option_pole') || null,
          },
        };
      });
    const candidate = {
      stem: { zh: first.get('stem_zh'), en: first.get('stem_en') },
      imageUrl: first.get('image_url') || null,
      type: type as QuestionType,
      required: !NO.has(requiredText),
      options: options.map((o) => o.option),
    };
    const parsed = questionInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const snake = (key: PropertyKey | undefined) =>
        String(key ?? '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      for (const issue of parsed.error.issues) {
        const [head, optionIndex, field] = issue.path;
        const [line, column] =
          head === 'options' && typeof optionIndex === 'number'
            ? [options[optionIndex]?.line ?? first.line, `option_${snake(field)}`.replace(/_$/, '')]
            : [first.line, snake(head) || 'question'];
        // A cell already reported above (e.g. an unknown type) is not reported twice.
        if (!errors.some((e) => e.line === line && e.field === column))
          rowErrors(line, column, issueError(issue));
      }
      continue;
    }
    questions.push(parsed.data);
  }
  if (errors.length > 0) return { errors: errors.sort((a, b) => a.line - b.line) };
  return { questions };
}

/** The questions of an uploaded file; a 400 listing every bad row (by line) when any is wrong. */
export async function questionsOfFile(file: Buffer): Promise<QuestionContent[]> {
  const read = await readQuestionFile(file);
  const built = 'errors' in read ? read : questionsFromRows(read.rows);
  if ('questions' in built) return built.questions;
  throw httpError(400, 'file.importRejected', { count: built.errors.length }, { errors: built.errors });
}
