import { useMemo, useState } from 'react';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { QUESTION_TYPE_RULES, describeKey } from '@common/question-types';
import { uploadUrl } from '@common/schemas/questions';
import type { TestEntry } from '@common/schemas/tests';
import { errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { paths } from '../../paths';
import { QUESTION_TYPE_KEYS } from '../../question-types/authoring';
import { answerBox, questionHtml } from '../../question-types/blanks';
import { Button } from '../../ui/Button';
import { PageState } from '../../ui/PageState';
import { useTest } from './testsApi';
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
  const showKey = (on: boolean) => {
    setWithKey(on);
    setSearch(on ? { key: '1' } : {}, { replace: true });
  };
  const test = useTest(testId);

  if (test.isError) {
    return (
      <PageState
        kind="error"
        title="Failed to load test"
        text={errorMessage(test.error, 'Error loading test')}
        action={<Link to={paths.questionBank}>Back to the Question Bank</Link>}
      />
    );
  }
  if (test.isPending) return <PageState kind="loading" title="Loading test..." />;
  const paper = test.data;
  const marks = paper.totalMarks ?? paper.marks;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Link to={paths.questionBank} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> Back to the Question Bank
        </Link>
        <label className={styles.keyToggle}>
          <input type="checkbox" checked={withKey} onChange={(e) => showKey(e.target.checked)} /> Include answer key
        </label>
        <Button onClick={() => window.print()} icon={Printer}>
          Print
        </Button>
      </div>
      <main className={styles.paper} id="main">
        <header className={styles.header}>
          <h1>{paper.name}</h1>
          <dl className={styles.facts}>
            {paper.testCode ? (
              <div>
                <dt>Test code</dt>
                <dd>{paper.testCode}</dd>
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
              <dd>{paper.questions.length}</dd>
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
          {paper.questions.map((entry) => (
            <PaperQuestion key={entry.order} entry={entry} />
          ))}
        </ol>
        {withKey ? (
          <section className={styles.key}>
            <h2>Answer Key: {paper.name}</h2>
            <ol className={styles.keyList}>
              {paper.questions.map(({ order, question }) => (
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
      </main>
    </div>
  );
}
