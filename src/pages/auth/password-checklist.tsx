import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { MATCH_CHECK_LABEL, PASSWORD_CHECKS } from '../../../resources/auth/password-policy';

/** The live checklist of spec §5: each rule ticks as the new password meets it. */
export function PasswordChecklist({ password = '', confirm = '' }: { password?: string; confirm?: string }) {
  const rows = [
    ...PASSWORD_CHECKS.map((c) => ({ label: c.label, ok: c.test(password) })),
    { label: MATCH_CHECK_LABEL, ok: password.length > 0 && password === confirm },
  ];
  return (
    <ul aria-label="Password requirements" style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
      {rows.map((r) => (
        <li key={r.label} data-met={r.ok} style={{ color: r.ok ? '#237804' : '#595959', lineHeight: '24px' }}>
          {r.ok ? <CheckCircleFilled aria-label="met" /> : <CloseCircleOutlined aria-label="not met" />} {r.label}
        </li>
      ))}
    </ul>
  );
}
