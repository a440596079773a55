import { useEffect } from 'react';
import { Typography } from 'antd';
import { useLocation } from 'react-router';
import { PublicLayout } from '../../layouts/public-layout';
import { TERMS_SECTIONS, TERMS_VERSION } from '../../../resources/terms';

/** Spec §2 /terms: table of contents, 8 numbered sections, back-to-top links, #privacy anchor. */
export function TermsPage() {
  const { hash } = useLocation();
  // The page renders after the browser looked for the anchor, so scroll to it ourselves.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <PublicLayout wide>
      <Typography.Title level={1} id="top" style={{ fontSize: 28 }}>
        Terms of use
      </Typography.Title>
      <Typography.Paragraph type="secondary">Version {TERMS_VERSION}</Typography.Paragraph>
      <nav aria-label="Table of contents">
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          Contents
        </Typography.Title>
        <ol>
          {TERMS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          {'anchors' in s && s.anchors.map((a) => <span key={a} id={a} />)}
          <Typography.Title level={2} id={`${s.id}-title`} style={{ fontSize: 20, marginTop: 32 }}>
            {i + 1}. {s.title}
          </Typography.Title>
          {s.body.map((p) => (
            <Typography.Paragraph key={p.slice(0, 24)}>{p}</Typography.Paragraph>
          ))}
          <a href="#top">Back to top</a>
        </section>
      ))}
    </PublicLayout>
  );
}
