import type { FlashNotice } from "~/lib/shell-data";

/** Messages queued by the previous request (flash messages), shown once. */
export function FlashMessages({ messages }: { messages: FlashNotice[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="flash-messages" role="status">
      {messages.map((message, index) => (
        <p key={index} className={`notice notice--${message.kind}`}>
          {message.text}
        </p>
      ))}
    </div>
  );
}
