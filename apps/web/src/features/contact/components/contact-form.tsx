import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactBody,
  ContactBodySchema,
  type ContactInput,
  DEFAULT_CONTACT_SUBJECT,
} from '@app/shared/content/contact.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { site } from '@/config/site';
import { parseApiError } from '@/lib/api-client';
import { type AuthUser, useAuthDialog } from '@/lib/auth-client';
import { useSendContactMessage } from '../api/send-contact-message';

const SIGN_IN_TO_SEND = 'Please sign in to send us a message.';

/** The form's starting values: a signed-in user's name, email and company are filled in. */
function initialValues(user: AuthUser | null): ContactInput {
  const [firstName = '', ...rest] = (user?.fullName ?? '').trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    email: user?.email ?? '',
    company: user?.company ?? '',
    subject: DEFAULT_CONTACT_SUBJECT,
    message: '',
  };
}

/**
 * The contact form. Everyone sees it; only signed-in users can send it, so a visitor's submit opens the
 * sign-in dialog instead ("Authentication required").
 */
export function ContactForm({ user }: { user: AuthUser | null }) {
  const dialog = useAuthDialog();
  const send = useSendContactMessage();
  const form = useForm<ContactInput, unknown, ContactBody>({
    resolver: zodResolver(ContactBodySchema),
    mode: 'onTouched',
    defaultValues: initialValues(user),
  });
  const { errors, submitCount } = form.formState;

  const askToSignIn = () => {
    toast.error(CONTACT_MESSAGES.authRequired, { description: SIGN_IN_TO_SEND });
    dialog.open('signin');
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(CONTACT_MESSAGES.sent, {
        description: `Thank you for reaching out. We will get back to you within ${site.supportReplyHours} hours.`,
      });
      form.reset(initialValues(user));
    } catch (error) {
      const apiError = parseApiError(error);
      if (apiError.code === 'UNAUTHENTICATED') return askToSignIn();
      toast.error(CONTACT_MESSAGES.sendFailed, { description: apiError.message });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!user) {
      event.preventDefault();
      askToSignIn();
      return;
    }
    void submit(event);
  };

  const busy = form.formState.isSubmitting || send.isPending;
  const errorCount = Object.keys(errors).length;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" className="grid gap-5">
      {user ? null : (
        <Alert variant="info">
          <p className="font-medium">{SIGN_IN_TO_SEND}</p>
          <p>Messages are sent from your account so we can reply to you. You can also email us directly.</p>
          <div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="mt-1"
              onClick={() => dialog.open('signin')}
            >
              <LogIn aria-hidden />
              Sign In
            </Button>
          </div>
        </Alert>
      )}
      {submitCount > 0 && errorCount > 0 ? (
        <Alert variant="destructive">
          <p className="font-medium">
            Please correct{' '}
            {errorCount === 1 ? 'the highlighted field' : `the ${errorCount} highlighted fields`}.
          </p>
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            maxLength={CONTACT_LIMITS.nameMax}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          <Input
            autoComplete="family-name"
            maxLength={CONTACT_LIMITS.nameMax}
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Company (optional)" error={errors.company?.message}>
        <Input
          autoComplete="organization"
          maxLength={CONTACT_LIMITS.companyMax}
          {...form.register('company')}
        />
      </FormField>
      <FormField label="Subject" error={errors.subject?.message}>
        <Input maxLength={CONTACT_LIMITS.subjectMax} {...form.register('subject')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <Textarea
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          placeholder="How can we help?"
          {...form.register('message')}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <Send aria-hidden />
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
