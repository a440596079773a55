import { type ReactNode, useState } from 'react';
import { Modal } from 'antd';
import { CONFIRM_STEP } from '../../resources/messages';

type Step = { title: string; content: ReactNode; okText: string; resolve: (yes: boolean) => void };

/** A question before a save, answered in the portal's modal: `ask` resolves true on its OK button, false on Back or close. */
export function useConfirmStep() {
  const [step, setStep] = useState<Step | null>(null);
  const ask = (o: Omit<Step, 'resolve'>) => new Promise<boolean>((resolve) => setStep({ ...o, resolve }));
  const close = (yes: boolean) => {
    step?.resolve(yes);
    setStep(null);
  };
  const modal = (
    <Modal
      open={step !== null}
      title={step?.title}
      okText={step?.okText}
      cancelText={CONFIRM_STEP.back}
      onOk={() => close(true)}
      onCancel={() => close(false)}
      destroyOnHidden
    >
      {step?.content}
    </Modal>
  );
  return { ask, modal };
}
