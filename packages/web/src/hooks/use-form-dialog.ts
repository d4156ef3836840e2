import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type FormFill<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

interface FormDialogOptions<V> {
  isOpen: boolean;
  isCreate: boolean;
  /** Sends the validated values (add or update, as isCreate says). */
  save: (values: V) => Promise<unknown>;
  /** Queries the save makes stale. */
  invalidate: readonly QueryKey[];
  onClose: () => void;
  /**
   * Values to show on opening: the record, or defaults for a new one. The form is refilled whenever
   * this changes identity, so pass a record or a module constant, not an object built while rendering.
   */
  initialValues?: FormFill<V>;
  /** The success toast ("added" or "saved" by default, as isCreate says), or one made from the answer. */
  successText?: string | ((answer: unknown) => string | undefined);
}

export interface FormDialogState<V> {
  form: FormInstance<V>;
  /**
   * The values to show on opening, also given to the form itself: a dialog's form mounts after the
   * open (the modal renders it later), and a form's first mount resets what was set before it.
   */
  initialValues?: FormFill<V>;
  isOpen: boolean;
  isSaving: boolean;
  submit: () => void;
  close: () => void;
}

/** The plumbing of an add/edit dialog: its form, validate-then-save, the toast, refresh and close. */
export function useFormDialog<V>(options: FormDialogOptions<V>): FormDialogState<V> {
  const { isOpen, isCreate, save, invalidate, onClose, initialValues, successText } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();

  useEffect(() => {
    if (isOpen && initialValues) form.setFieldsValue(initialValues);
  }, [isOpen, initialValues, form]);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      const text = typeof successText === 'function' ? successText(answer) : successText;
      message.success(text ?? t(isCreate ? 'add-success' : 'modify-success'));
      for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
      onClose();
    },
  });

  // A failed validation shows at the fields; a failed request was reported by the HTTP layer.
  const submit = () =>
    void form
      .validateFields()
      .then((values) => mutation.mutate(values))
      .catch(() => {});

  return { form, initialValues, isOpen, isSaving: mutation.isPending, submit, close: onClose };
}
