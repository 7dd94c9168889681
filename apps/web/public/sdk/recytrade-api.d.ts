/**
 * Types of the Recytrade API v1, generated from /api/v1/openapi.json by openapi-typescript.
 * Do not edit: run `npm run generate:sdk` after changing a /api/v1 route or its schemas.
 */

export interface paths {
  '/api/v1/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange an API key for an access token
     * @description Returns a bearer token valid for 3600 seconds. Send it as "Authorization: Bearer <token>" on the other endpoints.
     */
    post: operations['postAuthToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check an access token
     * @description Tells whose token it is, with which API key, and when it expires.
     */
    get: operations['getAuthVerify'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}/reputation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a company's reputation
     * @description The figures of the company page: rating and reviews, completed deals, tonnes traded, response time, claims lost and the verification level. Computed from deals and published reviews only. An unknown or removed company is a 404.
     */
    get: operations['getCompaniesByIdReputation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}/reviews': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a company's published reviews
     * @description Newest first. A review is public once both traders of the deal have reviewed each other, or 14 days after the deal; one an administrator hid never appears. Pass nextCursor back as cursor for the next page; it is null on the last page.
     */
    get: operations['getCompaniesByIdReviews'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/listings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search active listings
     * @description The marketplace filters and sorts. Pass nextCursor back as cursor, with the same filters and sort, for the next page; it is null on the last page.
     */
    get: operations['getListings'];
    put?: never;
    /**
     * Create a listing
     * @description The web app's rules: the same validation, sanitising and monthly limit of the free plan (403 when reached).
     */
    post: operations['postListings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/listings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Update one of your listings
     * @description Only the fields sent change. Another user’s listing is a 403; an unknown id a 404.
     */
    put: operations['putListingsById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ApiError: {
      error: {
        code: string;
        details?: unknown;
        message: string;
      };
    };
    Listing: {
      /** @enum {string} */
      approvalStatus: 'pending' | 'approved' | 'rejected';
      /** @enum {string} */
      availability: 'immediate' | '1-week' | '2-weeks' | '1-month' | 'flexible';
      /** @enum {string} */
      category: 'textiles' | 'metals' | 'plastics' | 'paper';
      createdAt: string;
      description: string;
      expiresAt: string | null;
      featuredUntil: string | null;
      geocodedPlace: string | null;
      grade:
        | (
            | 'barley'
            | 'berry'
            | 'birch'
            | 'candy'
            | 'cliff'
            | 'dream'
            | 'honey'
            | 'ocean'
            | 'zorba'
            | 'taint-tabor'
            | 'taldon'
            | 'tense'
            | 'talk'
            | 'rains'
            | 'stainless-304'
            | 'hms-1'
            | 'hms-2'
            | 'busheling'
            | 'shredded-steel'
            | 'plate-structural'
            | 'occ'
            | 'dlk'
            | 'sop'
            | 'onp'
            | 'mixed-paper'
            | 'pet-bottles'
            | 'hdpe-natural'
            | 'hdpe-mixed-color'
            | 'pp-rigid'
            | 'ldpe-film'
            | 'mixed-rigids'
            | 'used-clothing-cream'
            | 'mixed-textiles'
            | 'cotton-clippings'
            | 'wipers'
          )
        | null;
      id: string;
      images: {
        height: number;
        id: string;
        thumbnailUrl: string;
        url: string;
        width: number;
      }[];
      incoterm: ('EXW' | 'FCA' | 'FOB' | 'CFR' | 'CIF' | 'DAP' | 'DDP') | null;
      incotermPlace: string | null;
      inquiries: number;
      isFeatured: boolean;
      location: string;
      matchRadiusKm: number | null;
      packing: ('baled' | 'loose' | 'briquetted' | 'bulk') | null;
      priceCents: number;
      pricePerTonneCents: number | null;
      quantity: number;
      quantityTonnes: number | null;
      remainingQuantity: number;
      seller: {
        company: string | null;
        fullName: string;
        id: string;
        reputation?: {
          averageRating: number | null;
          completedDeals: number;
          level: 0 | 1 | 2 | 3;
          reviewCount: number;
        } | null;
      };
      /** @enum {string} */
      status: 'active' | 'expired' | 'sold';
      /** @enum {string} */
      supplyFrequency: 'one_off' | 'weekly' | 'monthly';
      title: string;
      totalCents: number | null;
      /** @enum {string} */
      type: 'buy' | 'sell';
      /** @enum {string} */
      unit: 'tons' | 'tonnes' | 'gross_tons' | 'kg' | 'pounds' | 'pieces';
      updatedAt: string;
      userId: string;
      views: number;
    };
    OwnListing: {
      adminNotes: string | null;
      /** @enum {string} */
      approvalStatus: 'pending' | 'approved' | 'rejected';
      /** @enum {string} */
      availability: 'immediate' | '1-week' | '2-weeks' | '1-month' | 'flexible';
      /** @enum {string} */
      category: 'textiles' | 'metals' | 'plastics' | 'paper';
      createdAt: string;
      description: string;
      expiresAt: string | null;
      featuredUntil: string | null;
      geocodedPlace: string | null;
      grade:
        | (
            | 'barley'
            | 'berry'
            | 'birch'
            | 'candy'
            | 'cliff'
            | 'dream'
            | 'honey'
            | 'ocean'
            | 'zorba'
            | 'taint-tabor'
            | 'taldon'
            | 'tense'
            | 'talk'
            | 'rains'
            | 'stainless-304'
            | 'hms-1'
            | 'hms-2'
            | 'busheling'
            | 'shredded-steel'
            | 'plate-structural'
            | 'occ'
            | 'dlk'
            | 'sop'
            | 'onp'
            | 'mixed-paper'
            | 'pet-bottles'
            | 'hdpe-natural'
            | 'hdpe-mixed-color'
            | 'pp-rigid'
            | 'ldpe-film'
            | 'mixed-rigids'
            | 'used-clothing-cream'
            | 'mixed-textiles'
            | 'cotton-clippings'
            | 'wipers'
          )
        | null;
      heldForReview?: boolean;
      id: string;
      images: {
        height: number;
        id: string;
        thumbnailUrl: string;
        url: string;
        width: number;
      }[];
      incoterm: ('EXW' | 'FCA' | 'FOB' | 'CFR' | 'CIF' | 'DAP' | 'DDP') | null;
      incotermPlace: string | null;
      inquiries: number;
      isFeatured: boolean;
      location: string;
      matchRadiusKm: number | null;
      packing: ('baled' | 'loose' | 'briquetted' | 'bulk') | null;
      priceCents: number;
      pricePerTonneCents: number | null;
      quantity: number;
      quantityTonnes: number | null;
      remainingQuantity: number;
      reviewedAt: string | null;
      seller: {
        company: string | null;
        fullName: string;
        id: string;
        reputation?: {
          averageRating: number | null;
          completedDeals: number;
          level: 0 | 1 | 2 | 3;
          reviewCount: number;
        } | null;
      };
      /** @enum {string} */
      status: 'active' | 'expired' | 'sold';
      /** @enum {string} */
      supplyFrequency: 'one_off' | 'weekly' | 'monthly';
      title: string;
      totalCents: number | null;
      /** @enum {string} */
      type: 'buy' | 'sell';
      /** @enum {string} */
      unit: 'tons' | 'tonnes' | 'gross_tons' | 'kg' | 'pounds' | 'pieces';
      updatedAt: string;
      userId: string;
      views: number;
    };
    Reputation: {
      /** @description Mean stars of the published reviews; null without any */
      averageRating: number | null;
      /** @description claimsLost over completedDeals; null without deals */
      claimLostShare: number | null;
      /** @description Claims settled against the company as seller */
      claimsLost: number;
      /** @description Deals concluded (escrow released or a claim settled) */
      completedDeals: number;
      /** @description Mean stars per criterion; null without reviews */
      criteria: {
        asAgreed: number | null;
        communication: number | null;
        timeliness: number | null;
      };
      /** @description Verification level: 0 none, 1 email confirmed, 2 company verified with documents, 3 Trusted trader */
      level: 0 | 1 | 2 | 3;
      /** @description Median time to answer a conversation somebody else opened; null without any */
      medianResponseSeconds: number | null;
      /** @description When the account was created (ISO 8601) */
      memberSince: string;
      /** @description Published, visible reviews */
      reviewCount: number;
      /** @description Tonnes delivered in concluded deals */
      tonnesTraded: number;
      /** @description Level 3: verified, 5+ deals, 4.0+ average, no claim lost in 12 months */
      trustedTrader: boolean;
    };
    Review: {
      /** @description The trader who wrote the review */
      author: {
        companyName: string | null;
        name: string;
      };
      /**
       * @description The author's side of the deal: the reviewed company was the other
       * @enum {string}
       */
      authorRole: 'buyer' | 'seller';
      /** @description The mean of the three criteria */
      average: number;
      /** @description Plain text, at most 1,000 characters */
      comment: string | null;
      /** @description The deal's material (its listing's title) */
      dealTitle: string | null;
      id: string;
      /** @description When it became public (ISO 8601) */
      publishedAt: string;
      /** @description The reviewed party's one public reply */
      reply: {
        createdAt: string;
        text: string;
      } | null;
      /** @description 1 to 5 stars on each criterion: material or payment as agreed, communication, timeliness */
      stars: {
        asAgreed: number;
        communication: number;
        timeliness: number;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  postAuthToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The secret of an API key from Account → API Keys
           * @example rtk_your-api-key
           */
          apiKey: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Send as "Authorization: Bearer <accessToken>" */
            accessToken: string;
            /** @description When the token expires (ISO 8601) */
            expiresAt: string;
            /** @description Seconds until the token expires */
            expiresIn: number;
            /** @enum {string} */
            tokenType: 'Bearer';
          };
        };
      };
      /** @description The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getAuthVerify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The key the token was issued for */
            apiKey: {
              id: string;
              name: string;
              prefix: string;
            };
            /** @description When the token expires (ISO 8601) */
            expiresAt: string;
            /** @description The user the key belongs to */
            user: {
              company: string | null;
              email: string;
              id: string;
              name: string;
            };
            /** @enum {boolean} */
            valid: true;
          };
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getCompaniesByIdReputation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            companyId: string;
            reputation: components['schemas']['Reputation'];
          };
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description No such resource (NOT_FOUND) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getCompaniesByIdReviews: {
    parameters: {
      query?: {
        /** @description The nextCursor of the previous page */
        cursor?: string;
        /** @description Reviews per page */
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Newest first */
            items: components['schemas']['Review'][];
            /** @description Pass back as cursor for the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description No such resource (NOT_FOUND) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getListings: {
    parameters: {
      query?: {
        availability?: 'immediate' | '1-week' | '2-weeks' | '1-month' | 'flexible';
        category?: 'textiles' | 'metals' | 'plastics' | 'paper';
        /** @description The nextCursor of the previous page */
        cursor?: string;
        grade?:
          | 'barley'
          | 'berry'
          | 'birch'
          | 'candy'
          | 'cliff'
          | 'dream'
          | 'honey'
          | 'ocean'
          | 'zorba'
          | 'taint-tabor'
          | 'taldon'
          | 'tense'
          | 'talk'
          | 'rains'
          | 'stainless-304'
          | 'hms-1'
          | 'hms-2'
          | 'busheling'
          | 'shredded-steel'
          | 'plate-structural'
          | 'occ'
          | 'dlk'
          | 'sop'
          | 'onp'
          | 'mixed-paper'
          | 'pet-bottles'
          | 'hdpe-natural'
          | 'hdpe-mixed-color'
          | 'pp-rigid'
          | 'ldpe-film'
          | 'mixed-rigids'
          | 'used-clothing-cream'
          | 'mixed-textiles'
          | 'cotton-clippings'
          | 'wipers';
        /** @description Listings per page */
        limit?: number;
        /** @description Part of the location, e.g. a city or country */
        location?: string;
        /** @description Highest price per unit, in dollars */
        maxPrice?: number;
        /** @description Lowest price per unit, in dollars */
        minPrice?: number;
        /** @description Smallest quantity, in the listing's unit */
        minQuantity?: number;
        /** @description Words to find in the title or description */
        q?: string;
        sort?: 'newest' | 'price_asc' | 'price_desc' | 'quantity_desc';
        type?: 'buy' | 'sell';
        unit?: 'tons' | 'tonnes' | 'gross_tons' | 'kg' | 'pounds' | 'pieces';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['Listing'][];
            /** @description Pass back as cursor for the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  postListings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          availability: 'immediate' | '1-week' | '2-weeks' | '1-month' | 'flexible';
          /** @enum {string} */
          category: 'textiles' | 'metals' | 'plastics' | 'paper';
          description: string;
          grade?:
            | (
                | 'barley'
                | 'berry'
                | 'birch'
                | 'candy'
                | 'cliff'
                | 'dream'
                | 'honey'
                | 'ocean'
                | 'zorba'
                | 'taint-tabor'
                | 'taldon'
                | 'tense'
                | 'talk'
                | 'rains'
                | 'stainless-304'
                | 'hms-1'
                | 'hms-2'
                | 'busheling'
                | 'shredded-steel'
                | 'plate-structural'
                | 'occ'
                | 'dlk'
                | 'sop'
                | 'onp'
                | 'mixed-paper'
                | 'pet-bottles'
                | 'hdpe-natural'
                | 'hdpe-mixed-color'
                | 'pp-rigid'
                | 'ldpe-film'
                | 'mixed-rigids'
                | 'used-clothing-cream'
                | 'mixed-textiles'
                | 'cotton-clippings'
                | 'wipers'
              )
            | null;
          /** @default [] */
          imageIds?: string[];
          incoterm?: ('EXW' | 'FCA' | 'FOB' | 'CFR' | 'CIF' | 'DAP' | 'DDP') | null;
          incotermPlace?: string | null;
          location: string;
          matchRadiusKm?: number | null;
          packing?: ('baled' | 'loose' | 'briquetted' | 'bulk') | null;
          price: number;
          quantity: number;
          /** @enum {string} */
          supplyFrequency?: 'one_off' | 'weekly' | 'monthly';
          title: string;
          /** @enum {string} */
          type: 'buy' | 'sell';
          /** @enum {string} */
          unit: 'tons' | 'tonnes' | 'gross_tons' | 'kg' | 'pounds' | 'pieces';
          /** @default false */
          wantsFeatured?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            featuredCheckoutUrl: string | null;
            listing: components['schemas']['OwnListing'];
          };
        };
      };
      /** @description The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not allowed: not your listing, a limit of your plan reached, or new listings closed (FORBIDDEN) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  putListingsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          availability?: 'immediate' | '1-week' | '2-weeks' | '1-month' | 'flexible';
          /** @enum {string} */
          category?: 'textiles' | 'metals' | 'plastics' | 'paper';
          description?: string;
          grade?:
            | (
                | 'barley'
                | 'berry'
                | 'birch'
                | 'candy'
                | 'cliff'
                | 'dream'
                | 'honey'
                | 'ocean'
                | 'zorba'
                | 'taint-tabor'
                | 'taldon'
                | 'tense'
                | 'talk'
                | 'rains'
                | 'stainless-304'
                | 'hms-1'
                | 'hms-2'
                | 'busheling'
                | 'shredded-steel'
                | 'plate-structural'
                | 'occ'
                | 'dlk'
                | 'sop'
                | 'onp'
                | 'mixed-paper'
                | 'pet-bottles'
                | 'hdpe-natural'
                | 'hdpe-mixed-color'
                | 'pp-rigid'
                | 'ldpe-film'
                | 'mixed-rigids'
                | 'used-clothing-cream'
                | 'mixed-textiles'
                | 'cotton-clippings'
                | 'wipers'
              )
            | null;
          /** @default [] */
          imageIds?: string[];
          incoterm?: ('EXW' | 'FCA' | 'FOB' | 'CFR' | 'CIF' | 'DAP' | 'DDP') | null;
          incotermPlace?: string | null;
          location?: string;
          matchRadiusKm?: number | null;
          packing?: ('baled' | 'loose' | 'briquetted' | 'bulk') | null;
          price?: number;
          quantity?: number;
          /** @enum {string} */
          supplyFrequency?: 'one_off' | 'weekly' | 'monthly';
          title?: string;
          /** @enum {string} */
          type?: 'buy' | 'sell';
          /** @enum {string} */
          unit?: 'tons' | 'tonnes' | 'gross_tons' | 'kg' | 'pounds' | 'pieces';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OwnListing'];
        };
      };
      /** @description The request failed validation: a field, the query or the JSON body (VALIDATION_FAILED) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, unknown, expired or revoked credentials (UNAUTHENTICATED) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not allowed: not your listing, a limit of your plan reached, or new listings closed (FORBIDDEN) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description No such resource (NOT_FOUND) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limit exceeded; retry after the seconds in Retry-After (RATE_LIMITED) */
      429: {
        headers: {
          /** @description Requests allowed per window for this API key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the window resets */
          'RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The platform is in maintenance (MAINTENANCE) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
}
