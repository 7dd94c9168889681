import { type SignUpBody, SignUpBodySchema } from '@app/shared/accounts/accounts.schemas';
import { SECTORS } from '@app/shared/catalog/catalog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useSignUp();
  // No default sector: the placeholder option stays selected until the user picks one, and the shared
  // schema answers "Sector required: ..." for it, so nothing is submitted without a sector.
  const form = useForm<SignUpBody>({
    resolver: zodResolver(SignUpBodySchema),
    defaultValues: { company: '', fullName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      toast.success('Account created!', { description: 'Please check your email to confirm your account.' });
      form.reset();
      onSuccess();
    } catch (error) {
      toast.error('Sign up failed', { description: parseApiError(error).message });
    }
  });

  const busy = form.formState.isSubmitting || signUp.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Company Name" error={errors.company?.message}>
        <Input autoComplete="organization" {...form.register('company')} />
      </FormField>
      <FormField label="Recycling Sector" error={errors.sector?.message}>
        <Select defaultValue="" {...form.register('sector')}>
          <option value="" disabled>
            Select your sector
          </option>
          {SECTORS.map((sector) => (
            <option key={sector} value={sector}>
              {sector}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 6 characters.">
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Creating account...' : 'Join Recytrade'}
      </Button>
    </form>
  );
}
