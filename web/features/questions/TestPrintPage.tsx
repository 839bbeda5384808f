import { useMemo, useState } from 'react';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { QUESTION_TYPE_RULES, describeKey } from '@common/question-types';
import { uploadUrl } from '@common/schemas/questions';
import { PAPER_VERSIONS } from '@common/rules/templates';
import type { TestDetail, TestEntry } from '@common/schemas/tests';
import { errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { paths } from '../../paths';
import { QUESTION_TYPE_KEYS } from '../../question-types/authoring';
import { answerBox, questionHtml } from '../../question-types/blanks';
import { Button } from '../../ui/Button';
import { PageState } from '../../ui/PageState';
import { useTest, useTestPapers } from './testsApi';
import styles from './testPaper.module.css';
import { plural } from '@common/rules';

const marksLabel = (marks: number) => `[${marks} ${marks === 1 ? 'mark' : 'marks'}]`;

function PaperQuestion({ entry }: { entry: TestEntry }) {
  const { question, order, marks } = entry;
  const text = useMemo(() => (question ? questionHtml(question, answerBox(styles.blankBox)) : ''), [question]);
  if (!question) {
    return (
      <li className={styles.question} value={order}>
        <p className={styles.gap}>This question was deleted from the question bank.</p>
      </li>
    );
  }
  const options = QUESTION_TYPE_KEYS[question.type].shownOptions(question.options) ?? [];
  return (
    <li className={styles.question} value={order}>
      <div className={styles.questionHead}>
        <RichText html={text} className={styles.questionText} />
        <span className={styles.marks}>{marksLabel(marks)}</span>
      </div>
      {question.attachments.length ? (
        <div className={styles.images}>
          {question.attachments.map((a) => (
            <img key={a.filename} src={uploadUrl(a.filename)} alt={a.originalname} />
          ))}
        </div>
      ) : null}
      {options.length ? (
        <ul className={styles.options}>
          {options.map(([letter, option]) => (
            <li key={letter}>
              <span className={styles.box} aria-hidden="true" />
              <strong>{letter}.</strong>
              <RichText html={option} className={styles.optionText} large />
            </li>
          ))}
        </ul>
      ) : QUESTION_TYPE_RULES[question.type].blanksInText ? null : (
        <div className={styles.lines} aria-label="Answer space">
          <span />
          <span />
          <span />
        </div>
      )}
    </li>
  );
}

/** A saved test as a clean exam paper, with the answer key on pages of its own when asked for. */
export default function TestPrintPage() {
  const { testId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // Kept here as well as in the address: the router renders a new address in a transition, and a checkbox bound to
  // it alone would spring back until then.
  const [withKey, setWithKey] = useState(() => search.get('key') === '1');
  const [versions, setVersions] = useState(() => versionCount(search.get('versions')));
  const remember = (key: boolean, count: number) => {
    setWithKey(key);
    setVersions(count);
    const next: Record<string, string> = {};
    if (key) next.key = '1';
    if (count > 1) next.versions = String(count);
    setSearch(next, { replace: true });
  };
  const test = useTest(testId);
  const varies = test.data?.questions.some((e) => e.question?.template) ?? false;
  // A test with random numbers is printed in versions, each question as the version's own variant with its key.
  const papers = useTestPapers(testId, versions, varies);

  if (test.isError || papers.isError) {
    return (
      <PageState
        kind="error"
        title="Failed to load test"
        text={errorMessage(test.error ?? papers.error, 'Error loading test')}
        action={<Link to={paths.questionBank}>Back to the Question Bank</Link>}
      />
    );
  }
  if (test.isPending || (varies && papers.isPending)) return <PageState kind="loading" title="Loading test..." />;
  const paper = test.data;
  const printed: Array<{ version: string | null; questions: TestEntry[] }> =
    varies && papers.data ? papers.data.versions : [{ version: null, questions: paper.questions }];

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Link to={paths.questionBank} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> Back to the Question Bank
        </Link>
        {varies ? (
          <label className={styles.keyToggle}>
            Versions{' '}
            <select value={versions} onChange={(e) => remember(withKey, Number(e.target.value))}>
              {PAPER_VERSIONS.map((letter, i) => (
                <option key={letter} value={i + 1}>
                  {i === 0 ? '1 (A)' : `${i + 1} (A-${letter})`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.keyToggle}>
          <input type="checkbox" checked={withKey} onChange={(e) => remember(e.target.checked, versions)} /> Include
          answer key
        </label>
        <Button onClick={() => window.print()} icon={Printer}>
          Print
        </Button>
      </div>
      <main id="main">
        {printed.map(({ version, questions }) => (
          <PrintedPaper
            key={version ?? 'paper'}
            test={paper}
            version={version}
            questions={questions}
            withKey={withKey}
          />
        ))}
      </main>
    </div>
  );
}

const versionCount = (text: string | null) => {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= PAPER_VERSIONS.length ? count : 1;
};

interface PrintedPaperProps {
  test: TestDetail;
  /** The version's letter, for a test with random numbers; null for one without. */
  version: string | null;
  questions: TestEntry[];
  withKey: boolean;
}

/** One paper: its header, questions and, when asked for, its own answer key. */
function PrintedPaper({ test: paper, version, questions, withKey }: PrintedPaperProps) {
  const marks = paper.totalMarks ?? paper.marks;
  const title = version ? `${paper.name} (Version ${version})` : paper.name;
  return (
    <article className={styles.paper} aria-label={version ? `Version ${version}` : paper.name}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <dl className={styles.facts}>
          {paper.testCode ? (
            <div>
              <dt>Test code</dt>
              <dd>{paper.testCode}</dd>
            </div>
          ) : null}
          {version ? (
            <div>
              <dt>Version</dt>
              <dd>{version}</dd>
            </div>
          ) : null}
          <div>
            <dt>Time limit</dt>
            <dd>{paper.timeLimit ? plural(paper.timeLimit, 'minute') : 'None'}</dd>
          </div>
          <div>
            <dt>Total marks</dt>
            <dd>{marks}</dd>
          </div>
          <div>
            <dt>Questions</dt>
            <dd>{questions.length}</dd>
          </div>
        </dl>
        <div className={styles.student}>
          <span>Name: </span>
          <span>Date: </span>
        </div>
        {paper.description ? (
          <p className={styles.description}>
            <MathText text={paper.description} />
          </p>
        ) : null}
        {paper.instructions ? (
          <section className={styles.instructions}>
            <h2>Instructions</h2>
            <p>
              <MathText text={paper.instructions} />
            </p>
          </section>
        ) : null}
      </header>
      <ol className={styles.questions}>
        {questions.map((entry) => (
          <PaperQuestion key={entry.order} entry={entry} />
        ))}
      </ol>
      {withKey ? (
        <section className={styles.key}>
          <h2>Answer Key: {title}</h2>
          <ol className={styles.keyList}>
            {questions.map(({ order, question }) => (
              <li key={order} value={order}>
                {question ? (
                  <>
                    <p className={styles.answer}>
                      <strong>Answer:</strong> <ShownAnswer shown={describeKey(question)} />
                    </p>
                    {question.solution.trim() ? (
                      <RichText html={question.solution} className={styles.solution} />
                    ) : null}
                  </>
                ) : (
                  <p className={styles.gap}>Deleted from the question bank.</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}
