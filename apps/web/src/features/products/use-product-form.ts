import type { Product } from '@kasuwa/contracts';
import { useCallback, useState } from 'react';
import { type FieldPath, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import {
  emptyProductValues,
  formPathForIssue,
  type ProductBody,
  type ProductFormValues,
  productResolver,
  valuesFromProduct,
} from '@/features/products/form-values';
import {
  clearLocalDraft,
  type DraftSlot,
  LOCAL_DRAFT_DEBOUNCE_MS,
  type LocalDraft,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
} from '@/features/products/local-draft';
import { queuedMessages, queueProduct } from '@/features/products/product-outbox';
import { type SaveProductVariables, useSaveProduct } from '@/features/products/products-mutations';
import { type VariantAction, variantReducer } from '@/features/products/variant-builder';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { localPhotosIn } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import { useFormDraft } from '@/lib/use-form-draft';

export type ProductFormMode = { kind: 'add' } | { kind: 'edit'; product: Product };
export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductBody>;
export type SaveAs = SaveProductVariables['status'];

const slotOf = (mode: ProductFormMode): DraftSlot =>
  mode.kind === 'add' ? { kind: 'add' } : { kind: 'edit', productId: mode.product._id };

/**
 * The product form's state and its saving: the react-hook-form instance on the contract's schema,
 * the local draft it restores and keeps (useFormDraft), the variant reducer's dispatch, photos still
 * uploading, and Save as draft / Publish through the save mutation, whose 400 issues land on fields.
 * warmChecks fetches the form's checks (zod) ahead of the first one; the form calls it on first focus.
 */
export function useProductForm({
  sellerId,
  mode,
  api,
}: {
  sellerId: string;
  mode: ProductFormMode;
  api: ApiClient;
}) {
  const navigate = useNavigate();
  const [slot] = useState(() => slotOf(mode));
  const [initial] = useState(() =>
    mode.kind === 'add' ? emptyProductValues : valuesFromProduct(mode.product),
  );
  const [restored, setRestored] = useState<LocalDraft | null>(() => readLocalDraft(sellerId, slot));
  const [resolver] = useState(() => productResolver(mode.kind === 'add' ? 'create' : 'update'));
  const form: ProductFormApi = useForm<ProductFormValues, unknown, ProductBody>({
    resolver,
    defaultValues: restored?.values ?? initial,
    mode: 'onTouched',
  });
  const { setValue } = form;
  const autosave = useFormDraft(form, {
    key: localDraftKey(sellerId, slot),
    write: (values) => writeLocalDraft(sellerId, slot, values),
    clear: () => clearLocalDraft(sellerId, slot),
    debounceMs: LOCAL_DRAFT_DEBOUNCE_MS,
  });
  const [pendingPhotos, setPendingPhotos] = useState(0);
  const saveProduct = useSaveProduct({
    api,
    sellerId,
    productId: mode.kind === 'edit' ? mode.product._id : undefined,
    onSaved: () => autosave.finish(),
  });

  const dispatch = useCallback(
    (action: VariantAction) => {
      const current = { options: form.getValues('options'), variants: form.getValues('variants') };
      const next = variantReducer(current, action);
      if (next === current) return;
      setValue('options', next.options, { shouldDirty: true });
      setValue('variants', next.variants, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
    [form, setValue],
  );

  const discard = () => {
    clearLocalDraft(sellerId, slot);
    form.reset(initial);
    setRestored(null);
  };

  const showServerIssues = (error: unknown) => {
    if (!isApiError(error)) return;
    for (const issue of error.issues) {
      const path = formPathForIssue(issue.path);
      if (path)
        form.setError(path as FieldPath<ProductFormValues>, { type: 'server', message: issue.message });
    }
  };

  const submit = (status: SaveAs) => {
    if (pendingPhotos > 0) {
      toast.warning('Photos are still uploading', 'Save again when they have finished');
      return;
    }
    void form.handleSubmit(async (body) => {
      // No connection, or photos kept on the phone: the product waits in the outbox and goes up
      // with its photos when the connection returns; the form's draft is dropped only once it is kept.
      if (navigator.onLine === false || localPhotosIn(body).length > 0) {
        const productId = mode.kind === 'edit' ? mode.product._id : undefined;
        const kept = await queueProduct(sellerId, { ...(productId ? { productId } : {}), status, body });
        if (!kept) {
          toast.error('This phone could not keep the product', 'Your form is kept; save again when online.');
          return;
        }
        autosave.finish();
        toast.info(queuedMessages.kept, queuedMessages.keptDescription);
        navigate(paths.dashboard.products);
        return;
      }
      try {
        await saveProduct.mutateAsync({ body, status });
      } catch (error) {
        // The mutation has said so in a toast; the server's field issues go under their fields.
        showServerIssues(error);
        return;
      }
      navigate(status === 'draft' ? paths.dashboard.drafts : paths.dashboard.products);
    })();
  };

  const saving: SaveAs | null = saveProduct.isPending ? saveProduct.variables.status : null;

  return {
    form,
    restored,
    discard,
    dispatch,
    setPendingPhotos,
    submit,
    saving,
    warmChecks: resolver.warm,
  };
}
