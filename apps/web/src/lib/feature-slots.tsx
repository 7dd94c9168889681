import type { Listing } from '@app/shared/listings/listings.schemas';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * Pieces one feature shows inside another feature's screens (the Message dialog on a listing, a
 * company and a match; the offer dialog on a match). A feature never imports another: it names the
 * piece's props here and takes the component from `useFeatureSlots()`; the app shell
 * (`app/provider.tsx`) fills the slots with the owning features' components.
 */

/** Whom a conversation is with, and where it was started from. */
export type ConversationTarget = {
  /** The other trader's user id (the listing's or company's owner). */
  recipientId: string;
  /** The name the default subject and the title use: the company's or the person's. */
  recipientName: string;
  listingId?: string;
  companyId?: string;
  /** Shown under the title, e.g. the listing's title. */
  context?: string;
};

export type StartConversationDialogProps = {
  target: ConversationTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The listing an offer is made on (its total, for sell listings, is offered as the starting value). */
export type DealListingTarget = Pick<Listing, 'id' | 'userId' | 'type' | 'title' | 'totalCents' | 'seller'> &
  Partial<Pick<Listing, 'quantity' | 'remainingQuantity' | 'quantityTonnes' | 'unit' | 'priceCents'>>;

/**
 * A starting offer other than the listed total (a match offers the quantity both sides want): its
 * value, the quantity in the listing's unit that the deal records, and a note saying why.
 */
export type DealValueSuggestion = { valueCents: number; quantity?: number; note: string };

export type ProposeDealDialogProps = {
  listing: DealListingTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggestion?: DealValueSuggestion;
  /** The 30-day market index of the listing's material: the dialog says how the offer compares. */
  indexCentsPerTonne?: number | null;
};

/** The reviews of a deal on its card (the review form once it concluded). */
export type DealReviewPanelProps = { dealId: string; counterpartyName: string };

export type FeatureSlots = {
  /** Messaging's "Message" dialog: subject, first message and the contact fee. */
  StartConversationDialog: ComponentType<StartConversationDialogProps>;
  /** Deals' "Propose a Deal" dialog. */
  ProposeDealDialog: ComponentType<ProposeDealDialogProps>;
  /** Reviews' panel on a concluded deal's card (may suspend while its code loads: wrap it in Suspense). */
  DealReviewPanel: ComponentType<DealReviewPanelProps>;
};

const FeatureSlotsContext = createContext<FeatureSlots | null>(null);

export function FeatureSlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <FeatureSlotsContext.Provider value={slots}>{children}</FeatureSlotsContext.Provider>;
}

/** The components the app shell put in the slots; throws outside `FeatureSlotsProvider`. */
export function useFeatureSlots(): FeatureSlots {
  const slots = useContext(FeatureSlotsContext);
  if (!slots) throw new Error('useFeatureSlots() needs a FeatureSlotsProvider (app/provider.tsx)');
  return slots;
}
