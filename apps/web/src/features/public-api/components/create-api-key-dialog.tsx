import {
  API_KEY_LIMITS,
  API_MESSAGES,
  type CreateApiKeyBody,
  CreateApiKeyBodySchema,
  type CreatedApiKey,
} from '@app/shared/public-api/public-api.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { tokenRequestSnippet } from '../utils/api-snippets';
import { CodeSnippet } from './code-snippet';

type CreateApiKeyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Create API key": a name, then the one-time reveal of the secret with a quick start. The secret
 * lives only in this dialog's state; closing it drops the secret for good.
 */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => onOpenChange(false);
  const changeOpen = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className={created ? 'max-w-2xl' : 'max-w-md'}
        // A stray click beside the dialog must not throw away a secret that cannot be shown again.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open && created ? <RevealSecret apiKey={created} onDone={() => changeOpen(false)} /> : null}
        {open && !created ? <CreateApiKeyForm onCreated={setCreated} onCancel={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (apiKey: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<CreateApiKeyBody>({
    resolver: zodResolver(CreateApiKeyBodySchema),
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const apiKey = await create.mutateAsync(values);
      // The secret is handed to the reveal step only; the mutation cache keeps no copy of it.
      create.reset();
      toast.success(API_MESSAGES.keyCreated);
      onCreated(apiKey);
    } catch (error) {
      const apiError = parseApiError(error);
      if (apiError.code === 'VALIDATION_FAILED') form.setError('name', { message: apiError.message });
      else toast.error('Could not create the API key', { description: apiError.message });
    }
  });

  const busy = form.formState.isSubmitting || create.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Create API key</DialogTitle>
        <DialogDescription>
          Name the key after the system that will use it, so you know which one to revoke later.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Key name"
        error={form.formState.errors.name?.message}
        hint={`For example "ERP sync" or "Pricing dashboard". Up to ${API_KEY_LIMITS.nameMaxLength} characters.`}
      >
        <Input autoComplete="off" maxLength={API_KEY_LIMITS.nameMaxLength} {...form.register('name')} />
      </FormField>
      <DialogFormActions onCancel={onCancel} busy={busy} submitLabel="Create Key" busyLabel="Creating..." />
    </form>
  );
}

function RevealSecret({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="grid min-w-0 gap-5">
      <DialogHeader>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogDescription>
          <span className="font-medium text-foreground">{apiKey.name}</span> is ready to use.
        </DialogDescription>
      </DialogHeader>
      <Alert variant="warning">
        <AlertTitle>Copy your key now</AlertTitle>
        <AlertDescription>
          For your security it will not be shown again. Store it in a secret manager or your system's
          configuration; if you lose it, revoke it and create a new one.
        </AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Secret key</span>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
          <code
            data-testid="api-key-secret"
            className="min-w-0 flex-1 rounded-md border bg-surface px-3 py-2 font-mono text-[0.8125rem] break-all select-all"
          >
            {apiKey.secret}
          </code>
          <Button
            variant={copied ? 'outline' : 'default'}
            onClick={() => void copy(apiKey.secret, 'API key copied')}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-2">
        <h3 className="text-sm font-medium">Quick start: exchange the key for an access token</h3>
        <CodeSnippet
          code={tokenRequestSnippet(window.location.origin, apiKey.secret)}
          label="Token request"
        />
        <p className="text-[0.8125rem] text-muted-foreground">
          Send the <code className="font-mono">accessToken</code> from the answer as{' '}
          <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> with every request.
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
