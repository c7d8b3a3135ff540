/** The parts of PayPal's Orders v2 / Webhooks v1 shapes this product reads and writes. */

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";
  amount: PaypalMoney;
  final_capture?: boolean;
  status_details?: { reason?: string };
  custom_id?: string;
  invoice_id?: string;
  seller_protection?: { status: string; dispute_categories?: string[] };
  seller_receivable_breakdown?: { gross_amount: PaypalMoney; paypal_fee?: PaypalMoney; net_amount?: PaypalMoney };
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalPurchaseUnit {
  reference_id?: string;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  amount?: PaypalMoney & { breakdown?: { item_total?: PaypalMoney; handling?: PaypalMoney } };
  payee?: { email_address?: string; merchant_id?: string };
  payments?: { captures?: PaypalCapture[] };
}

export type PaypalOrderStatus = "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";

export interface PaypalOrder {
  id: string;
  intent?: "CAPTURE" | "AUTHORIZE";
  status: PaypalOrderStatus;
  payment_source?: {
    paypal?: {
      email_address?: string;
      account_id?: string;
      account_status?: string;
      name?: { given_name?: string; surname?: string };
      address?: { country_code?: string };
    };
  };
  purchase_units?: PaypalPurchaseUnit[];
  payer?: {
    name?: { given_name?: string; surname?: string };
    email_address?: string;
    payer_id?: string;
    address?: { country_code?: string };
  };
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
}

export interface PaypalCreateOrderRequest {
  intent: "CAPTURE" | "AUTHORIZE";
  purchase_units: {
    reference_id?: string;
    description?: string;
    custom_id?: string;
    invoice_id?: string;
    amount: PaypalMoney & { breakdown?: { item_total?: PaypalMoney; handling?: PaypalMoney } };
  }[];
  payment_source?: {
    paypal?: {
      experience_context?: {
        brand_name?: string;
        shipping_preference?: "GET_FROM_FILE" | "NO_SHIPPING" | "SET_PROVIDED_ADDRESS";
        user_action?: "CONTINUE" | "PAY_NOW";
        return_url?: string;
        cancel_url?: string;
      };
    };
  };
}

/** PayPal's error body (name, message, debug_id, details[].issue). */
export interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { field?: string; value?: string; location?: string; issue?: string; description?: string }[];
  links?: PaypalLink[];
  /** OAuth errors use these instead. */
  error?: string;
  error_description?: string;
}

export interface PaypalRefundRequest {
  amount?: PaypalMoney;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
}

/** Payments v2 refund (also the resource of PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED). */
export interface PaypalRefund {
  id: string;
  status: "CANCELLED" | "FAILED" | "PENDING" | "COMPLETED";
  status_details?: { reason?: "ECHECK" };
  amount?: PaypalMoney;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown?: {
    gross_amount?: PaypalMoney;
    net_amount?: PaypalMoney;
    total_refunded_amount?: PaypalMoney;
  };
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
}

export interface PaypalWebhookEvent {
  id: string;
  event_version?: string;
  create_time?: string;
  resource_type?: string;
  resource_version?: string;
  event_type: string;
  summary?: string;
  resource: Record<string, unknown>;
  links?: PaypalLink[];
}

export interface VerifyWebhookSignatureRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}
